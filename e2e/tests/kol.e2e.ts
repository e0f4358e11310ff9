/**
 * KOL groups in Chromium at 390x844 on live demo data: the three defaults, a group created with a
 * follower range, a whitelist and a blacklist (picked by search), its members paged, edited and
 * deleted after a confirm, a missing-KOL submission and the 'all' list, in both languages.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import type { Product } from '../support/server';
import { openSignedIn, apiData } from '../support/session';
import { startSuite, stopSuite } from '../support/suite';

type Kol = { id: string; username: string; followers_count: number };
type Group = { id: string; name: string; kol_cnt: number; is_default?: boolean; twitter_user_fans: [number, number] };

let product: Product;
let browser: Browser;

const signIn = (lang: 'en' | 'zh-CN'): Promise<Page> => openSignedIn(browser, product.url, lang);

const call = apiData;

const groups = (page: Page) => call<Group[]>(page, 'kol_group/list');
const rows = (page: Page) => page.locator('[data-testid^="kol-group-"][data-default]');
const members = (page: Page) => page.locator('li.kol-member');

/** Scrolls to the end until more members than `than` show (the infinite scroll's next page). */
async function pageOnce(page: Page, than: number) {
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      return members(page).count();
    })
    .toBeGreaterThan(than);
}

async function toast(page: Page, text: string) {
  await page.locator('.adm-toast-main', { hasText: text }).waitFor();
}

/** Opens the picker of a list, finds a KOL by handle, picks it and confirms. */
async function pick(page: Page, list: 'white' | 'black', kol: Kol) {
  await page.getByTestId(`kol-${list}-add`).click();
  await page.getByTestId('picker-search').fill(`@${kol.username}`);
  await page.getByTestId(`picker-item-${kol.id}`).click();
  if (list === 'white') await screenshot(page, 'en-40-picker');
  await page.getByTestId('picker-confirm').click();
  await page.getByTestId('picker-confirm').waitFor({ state: 'detached' });
  await page.getByTestId(`kol-${list}-chip-${kol.id}`).waitFor();
}

beforeAll(async () => {
  ({ product, browser } = await startSuite());
});
afterAll(() => stopSuite(browser, product));

describe('KOL groups (en)', () => {
  let page: Page;
  let groupId = '';
  let black: Kol | undefined;
  const name = 'E2E whales';

  beforeAll(async () => {
    page = await signIn('en');
  });
  afterAll(() => page?.context().close());

  it('lists the three defaults with counts and no delete', async () => {
    await page.getByTestId('kol-management-entry').click();
    await page.waitForURL(/#\/kol-management$/);
    // Once in a CI run the first list did not come within 30 s, on a machine busy right after the
    // demo history (pages now wait up to 2 minutes, newPhonePage). A failed load shows the empty
    // list silently (spec); the user's refresh is the way out, so the test takes it, and says so.
    const shown = page.getByTestId('kol-list');
    await shown.or(page.getByTestId('kol-empty')).waitFor();
    if (!(await shown.isVisible())) {
      console.warn('kol.e2e: the first KOL group list failed to load; refreshing');
      await page.getByTestId('kol-refresh').click();
      await shown.waitFor();
    }
    const list = await groups(page);
    const defaults = list.filter((g) => g.is_default);
    expect(defaults.map((g) => g.name)).toEqual(['All KOLs', 'Top Influencers', 'Special Focus']);
    expect(await rows(page).count()).toBe(list.length);
    for (const g of defaults) {
      const row = page.getByTestId(`kol-group-${g.id}`);
      expect(await row.getAttribute('data-default')).toBe('true');
      expect(await row.getByTestId('kol-group-count').getAttribute('data-count')).toBe(String(g.kol_cnt));
      expect(await page.getByTestId(`kol-delete-${g.id}`).count()).toBe(0);
    }
    expect(defaults[0]?.kol_cnt).toBeGreaterThan(100);
    expect(await page.getByTestId(`kol-group-${defaults[1]?.id}`).getByTestId('kol-group-rule').textContent()).toBe(
      '≥ 100k',
    );
    expect(await page.getByTestId(`kol-group-${defaults[2]?.id}`).getByTestId('kol-group-rule').textContent()).toBe(
      'Only the whitelist',
    );
    await screenshot(page, 'en-40-list');
  });

  it('creates a group with a range, a whitelist and a blacklist', async () => {
    const top = (await call<{ list: Kol[] }>(page, 'kol_group/twitter_user_list', { group_id: 'all' })).list;
    const white = top[0] as Kol;
    black = top[1] as Kol;
    await page.getByTestId('kol-create').click();
    await page.waitForURL(/#\/kol-management\/create$/);
    expect(await page.getByTestId('kol-save').isDisabled()).toBe(true);
    await page.getByTestId('kol-name').fill('   ');
    expect(await page.getByTestId('kol-save').isDisabled()).toBe(true);
    await page.getByTestId('kol-name').fill(`  ${name} `);
    // Reversed bounds swap when the input is left; letters are dropped.
    await page.getByTestId('kol-fans-min').fill('5000000');
    await page.getByTestId('kol-fans-max').fill('10k000');
    await page.getByTestId('kol-fans-max').blur();
    expect(await page.getByTestId('kol-fans-min').inputValue()).toBe('10000');
    expect(await page.getByTestId('kol-fans-max').inputValue()).toBe('5000000');
    await pick(page, 'white', white);
    await pick(page, 'black', black);
    await screenshot(page, 'en-40-create');
    await page.getByTestId('kol-save').click();
    await toast(page, 'Group saved');
    await page.waitForURL(/#\/kol-management$/);

    const created = (await groups(page)).find((g) => g.name === name);
    expect(created?.twitter_user_fans).toEqual([10_000, 5_000_000]);
    groupId = created?.id ?? '';
    const row = page.getByTestId(`kol-group-${groupId}`);
    await row.waitFor();
    expect(await row.getByTestId('kol-group-count').getAttribute('data-count')).toBe(String(created?.kol_cnt));
    expect(await row.getByTestId('kol-group-rule').textContent()).toBe('10k–5m');
    const info = await call<{ white_twitter_users: Kol[]; black_twitter_users: Kol[] }>(page, 'kol_group/info', {
      group_id: groupId,
    });
    expect(info.white_twitter_users.map((u) => u.id)).toEqual([white.id]);
    expect(info.black_twitter_users.map((u) => u.id)).toEqual([black.id]);
  });

  it('opens the group and pages through its members', async () => {
    await page.getByTestId(`kol-group-${groupId}`).locator('.kol-row__main').click();
    await page.waitForURL(new RegExp(`#/kol-management/${groupId}$`));
    expect(await page.getByTestId('kol-detail-title').textContent()).toBe(name);
    await page.getByTestId('kol-member-list').waitFor();
    const first = await call<{ list: Kol[]; more: number }>(page, 'kol_group/twitter_user_list', {
      group_id: groupId,
    });
    // The whitelisted top KOL is in, the blacklisted one is not.
    await page.getByTestId(`kol-member-${first.list[0]?.id}`).waitFor();
    expect(await page.getByTestId(`kol-member-${black?.id}`).count()).toBe(0);
    await screenshot(page, 'en-40-detail');
    if (first.more === 1) await pageOnce(page, first.list.length);
  });

  it('edits the range and saves', async () => {
    await page.goto(`/#/kol-management/${groupId}`);
    await page.getByTestId('kol-detail-edit').click();
    await page.waitForURL(new RegExp(`#/kol-management/create/${groupId}$`));
    await expect.poll(() => page.getByTestId('kol-name').inputValue()).toBe(name);
    await page.getByTestId('kol-fans-min').fill('50000');
    await page.getByTestId('kol-fans-max').fill('');
    await page.getByTestId('kol-save').click();
    await toast(page, 'Group saved');
    await page.waitForURL(/#\/kol-management$/);
    expect((await groups(page)).find((g) => g.id === groupId)?.twitter_user_fans).toEqual([50_000, 0]);
    await expect
      .poll(() => page.getByTestId(`kol-group-${groupId}`).getByTestId('kol-group-rule').textContent())
      .toBe('≥ 50k');
  });

  it('deletes the group after a confirm', async () => {
    await page.getByTestId(`kol-delete-${groupId}`).click();
    await page.getByTestId('kol-delete-confirm').click();
    await toast(page, 'Group removed');
    await page.getByTestId(`kol-group-${groupId}`).waitFor({ state: 'detached' });
    expect((await groups(page)).some((g) => g.id === groupId)).toBe(false);
  });

  it('submits a missing KOL', async () => {
    await page.getByTestId('kol-missing-entry').click();
    await page.getByTestId('kol-missing-submit').click();
    await page.getByTestId('kol-missing-input-error').waitFor();
    await page.getByTestId('kol-missing-input').fill('@e2e_missing_kol');
    await screenshot(page, 'en-40-missing');
    await page.getByTestId('kol-missing-submit').click();
    await toast(page, 'Submitted for review');
    await page.getByTestId('kol-missing-input').waitFor({ state: 'hidden' });
  });

  it('pages the all-KOLs list', async () => {
    await page.getByTestId('kol-all-entry').click();
    await page.waitForURL(/#\/kol-management\/all$/);
    expect(await page.getByTestId('kol-detail-title').textContent()).toBe('All KOLs');
    await page.getByTestId('kol-member-list').waitFor();
    const n = await members(page).count();
    await pageOnce(page, n);
    await screenshot(page, 'en-40-all');
  });

  it('sends unknown group paths back to the list', async () => {
    await page.goto('/#/kol-management/999999999');
    await page.waitForURL(/#\/kol-management$/);
  });
});

describe('KOL groups (zh-CN)', () => {
  let page: Page;

  beforeAll(async () => {
    page = await signIn('zh-CN');
  });
  afterAll(() => page?.context().close());

  it('shows the list, a default group, its edit form and the missing-KOL form in Chinese', async () => {
    await page.goto('/#/kol-management');
    await page.getByTestId('kol-list').waitFor();
    const top = (await groups(page)).filter((g) => g.is_default)[1] as Group;
    // The page asks in Chinese; the defaults' names follow the reader's language.
    await expect
      .poll(() => page.getByTestId(`kol-group-${top.id}`).locator('.kol-row__name-text').textContent())
      .toBe('头部大 V');
    expect(await page.getByTestId(`kol-group-${top.id}`).getByTestId('kol-group-rule').textContent()).toBe('≥ 10万');
    await screenshot(page, 'zh-40-list');

    await page.getByTestId(`kol-group-${top.id}`).locator('.kol-row__main').click();
    await page.getByTestId('kol-member-list').waitFor();
    expect(await page.getByTestId('kol-member-fans').first().textContent()).toMatch(/万|亿/);
    await screenshot(page, 'zh-40-detail');

    await page.getByTestId('kol-detail-edit').click();
    await expect.poll(() => page.getByTestId('kol-name').inputValue()).toBe('头部大 V');
    expect(await page.getByTestId('kol-name').isDisabled()).toBe(true);
    await screenshot(page, 'zh-40-edit');

    await page.goto('/#/kol-management/create');
    await page.getByTestId('kol-white-add').click();
    await page.getByTestId('picker-confirm').waitFor();
    await screenshot(page, 'zh-40-picker');

    await page.goto('/#/kol-management');
    await page.getByTestId('kol-missing-entry').click();
    await page.getByTestId('kol-missing-submit').click();
    expect(await page.getByTestId('kol-missing-input-error').textContent()).toBe('请输入用户名');
    await screenshot(page, 'zh-40-missing');
  });

  it('pages the all-KOLs list', async () => {
    await page.goto('/#/kol-management/all');
    expect(await page.getByTestId('kol-detail-title').textContent()).toBe('全部 KOL');
    await page.getByTestId('kol-member-list').waitFor();
    await pageOnce(page, await members(page).count());
    await screenshot(page, 'zh-40-all');
  });
});
