/**
 * View management in Chromium at 390x844: a feed built with every filter type (taken from a real
 * demo post, so it has a match) opens on home; it is edited, reordered by drag on /nav-setting
 * (the order survives a reload) and deleted after a confirm; validation in both languages.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, screenshot, noToast } from '../support/browser';
import type { Product } from '../support/server';
import { signInAsDemo, apiData } from '../support/session';
import { startSuite, stopSuite } from '../support/suite';

// These screens need accounts and a few posts, not a month of volume: a small demo starts fast.
process.env.DEMO_POSTS_PER_DAY = '300';

let product: Product;
let browser: Browser;

async function signIn(lang: 'en' | 'zh-CN'): Promise<Page> {
  const page = await newPhonePage(browser, product.url, lang);
  await signInAsDemo(page);
  return page;
}

const call = apiData;

type Category = { id: string; name: string };
type Post = {
  id: string;
  text: string;
  user: { id: string; username: string; network?: string };
  category_list: Category[];
};

/** A recent post with a category, a coin and a plain word, and its author's follower count. */
async function samplePost(page: Page) {
  const views = await call<{ view_id: string; view_type: string }[]>(page, 'view/v2/list');
  const feed = views.find((v) => v.view_type === 'content_feed');
  const tweets = await call<{ list: (Post & { coin_view_list: { coin: string }[] })[] }>(page, 'view/v2/tweets', {
    view_id: feed?.view_id,
  });
  const word = /\b[A-Za-z]{5,}\b/g;
  // An X author: plain-string author rules name X handles (`@name`); a Farcaster `name.eth` or a
  // Bluesky `name.bsky.social` is not one.
  const post = tweets.list.find(
    (p) => p.category_list[0]?.id && p.coin_view_list[0] && p.text.match(word) && (p.user.network ?? 'x') === 'x',
  );
  if (!post) throw new Error('no suitable demo post');
  const kols = await call<{ list: { id: string; followers_count: number }[] }>(page, 'search/twitter_kol', {
    query: post.user.username,
  });
  const category = post.category_list[0] as Category;
  return {
    postId: post.id,
    primaryId: category.id,
    primaryName: category.name,
    coin: post.coin_view_list[0]?.coin ?? '',
    keyword: (post.text.match(word) ?? []).sort((a, b) => b.length - a.length)[0] ?? '',
    author: post.user,
    followers: kols.list.find((u) => u.id === post.user.id)?.followers_count ?? 1000,
  };
}

const focused = (page: Page, id: string) => page.getByTestId(id).evaluate((el) => el === document.activeElement);

async function addFilter(page: Page, type: string) {
  await page.getByTestId('add-filter').click();
  await page.getByTestId(`add-filter-${type}`).click();
}

/** Saving an empty form names the title; with a title, it asks for filter conditions. */
async function checkValidation(page: Page, title: string, [noTitle, noFilters]: [string, string]) {
  await page.goto('/#/feed-setting');
  await page.getByTestId('feed-save').click();
  await expect.poll(() => page.getByTestId('feed-title-error').textContent()).toBe(noTitle);
  await page.getByTestId('feed-title').fill(title);
  await page.getByTestId('feed-save').click();
  await page.getByText(noFilters).waitFor();
}

/** Confirms the open picker and waits for it to go, so the next picker's testids are unique. */
async function confirmPicker(page: Page) {
  await page.getByTestId('picker-confirm').click();
  await page.getByTestId('picker-confirm').waitFor({ state: 'detached' });
}

/** Saves a new feed; its id is the last content feed of the list view/add answers with. */
async function saveNewFeed(page: Page): Promise<string> {
  const added = page.waitForResponse((r) => r.url().endsWith('/view/add'));
  await page.getByTestId('feed-save').click();
  const list = (await (await added).json()).data as { view_id: string; view_type: string }[];
  return list.filter((v) => v.view_type === 'content_feed').at(-1)?.view_id ?? '';
}

/** Row ids of /nav-setting in their shown order. */
async function rowOrder(page: Page): Promise<string[]> {
  await page.getByTestId('nav-list').waitFor();
  const ids = await page.$$eval('[data-testid^="nav-row-"]', (rows) => rows.map((r) => r.getAttribute('data-testid')));
  return ids.map((id) => (id ?? '').slice('nav-row-'.length));
}

/** A mouse drag the @dnd-kit mouse sensor accepts (both rows on screen): press, move past 8 px, release. */
async function dragRow(page: Page, fromId: string, toId: string) {
  const from = (await page.getByTestId(`nav-drag-${fromId}`).boundingBox())!;
  const to = (await page.getByTestId(`nav-row-${toId}`).boundingBox())!;
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from.y + from.height / 2 - 12, { steps: 4 });
  await page.mouse.move(x, to.y + to.height / 3, { steps: 20 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

/** The ids of the built-in views (Hot Coins, the fixed All KOLs feed) now in the tab list. */
async function builtIns(page: Page): Promise<{ hotCoins?: string; allKols?: string }> {
  const list = await call<{ view_id: string; view_type: string; fixed: boolean }[]>(page, 'view/v2/list');
  return {
    hotCoins: list.find((v) => v.fixed && v.view_type === 'hot_coins')?.view_id,
    allKols: list.find((v) => v.fixed && v.view_type === 'content_feed')?.view_id,
  };
}

/** Deletes a view from /nav-setting through its confirm dialog. */
async function deleteRow(page: Page, viewId: string, deleted: string) {
  await page.getByTestId(`nav-delete-${viewId}`).click();
  await page.getByTestId('nav-delete-confirm').click();
  await page.getByText(deleted).waitFor();
  await page.getByTestId(`nav-row-${viewId}`).waitFor({ state: 'detached' });
}

/**
 * Opens the author picker of a new feed form in KOL mode, then switches to all users: each mode
 * asks its own call and keeps its own search history.
 */
async function checkPickerModes(page: Page, prefix: string) {
  await page.goto('/#/feed-setting');
  const kolCall = page.waitForRequest((r) => r.url().endsWith('/search/twitter_kol'));
  await addFilter(page, 'authors');
  await kolCall;
  await page.locator('[data-testid^="picker-item-"]').first().waitFor();
  await screenshot(page, `${prefix}-31-picker-kol`);
  const userCall = page.waitForRequest((r) => r.url().endsWith('/search/twitter_user'));
  await page.getByTestId('picker-mode-user').click();
  await userCall;
  await page.locator('[data-testid^="picker-item-"]').first().waitFor();
  // A search in user mode joins the user history only.
  const query = 'zzuseronlyzz';
  const searched = page.waitForResponse(
    (r) => r.url().endsWith('/search/twitter_user') && (r.request().postData() ?? '').includes(query),
  );
  await page.getByTestId('picker-search').fill(query);
  await searched;
  await page.getByTestId('picker-search').fill('');
  await page.getByTestId('picker-history').filter({ hasText: query }).waitFor();
  await screenshot(page, `${prefix}-31-picker-user`);
  await page.getByTestId('picker-mode-kol').click();
  await page.locator('[data-testid^="picker-item-"]').first().waitFor();
  expect(await page.getByTestId('picker-history').filter({ hasText: query }).count()).toBe(0);
  await page.getByTestId('picker-confirm').click();
  await page.getByTestId('picker-confirm').waitFor({ state: 'detached' });
}

beforeAll(async () => {
  ({ product, browser } = await startSuite());
});
afterAll(() => stopSuite(browser, product));

describe('view settings (en)', () => {
  let page: Page;
  let viewId = '';

  beforeAll(async () => {
    page = await signIn('en');
  });
  afterAll(() => page?.context().close());

  it('validates, then creates a feed with every filter type that opens on home with a match', async () => {
    const sample = await samplePost(page);
    await checkValidation(page, '  E2E everything  ', ['Please enter the title', 'Please set filter conditions']);
    await screenshot(page, 'en-30-feed-validation');

    await addFilter(page, 'crypto_types');
    await page.getByTestId(`picker-item-${sample.primaryId}`).click();
    await screenshot(page, 'en-30-category-picker');
    await confirmPicker(page);
    await page.getByTestId('filter-card-crypto_types').getByText(sample.primaryName).waitFor();

    await addFilter(page, 'keywords');
    await expect.poll(() => focused(page, 'keyword-input')).toBe(true);
    await page.getByTestId('keyword-input').fill(sample.keyword);
    await page.getByTestId('keyword-input').press('Enter');
    await page.getByTestId('keyword-add').click();
    await page.getByTestId('keyword-input').fill(sample.keyword.toUpperCase());
    await page.getByTestId('keyword-input').press('Enter');
    await page.getByText('Keyword already exists').waitFor();
    await page.getByTestId('keyword-add').click();
    await page.getByTestId('feed-title').click(); // an empty keyword left behind disappears
    await expect.poll(() => page.getByTestId('keyword-input').count()).toBe(0);
    await addFilter(page, 'coins');
    await page.getByTestId('picker-search').fill(`$${sample.coin}`);
    await page.getByTestId(`picker-item-${sample.coin}`).click();
    await screenshot(page, 'en-30-coin-picker');
    await confirmPicker(page);
    await addFilter(page, 'authors');
    await page.getByTestId('picker-search').fill(sample.author.username);
    await page.getByTestId(`picker-item-${sample.author.id}`).click();
    await screenshot(page, 'en-30-author-picker');
    await confirmPicker(page);
    await addFilter(page, 'fans');
    await expect.poll(() => focused(page, 'fans-min')).toBe(true);
    const low = Math.max(1, Math.floor(sample.followers / 2));
    const high = sample.followers * 2;
    await page.getByTestId('fans-max').fill('abc');
    expect(await page.getByTestId('fans-max').inputValue()).toBe('');
    // Entered the wrong way round: leaving the field swaps them.
    await page.getByTestId('fans-min').fill(String(high));
    await page.getByTestId('fans-max').fill(String(low));
    await page.getByTestId('feed-title').click();
    await expect.poll(() => page.getByTestId('fans-min').inputValue()).toBe(String(low));
    expect(await page.getByTestId('fans-max').inputValue()).toBe(String(high));
    await screenshot(page, 'en-30-feed-filled');
    viewId = await saveNewFeed(page);
    await page.getByText('Created successfully').waitFor();
    await page.waitForURL(new RegExp(`viewId=${viewId}|tab=${viewId}`));
    await page.getByTestId(`tab-${viewId}`).waitFor();
    await page.locator(`[data-testid="post-card"][data-post-id="${sample.postId}"]`).waitFor();
    await screenshot(page, 'en-30-feed-home');
  });

  it('edits the feed from /nav-setting and goes back', async () => {
    await page.getByText('Created successfully').waitFor({ state: 'detached' });
    await page.goto('/#/nav-setting');
    await page.getByTestId(`nav-row-${viewId}`).waitFor();
    await screenshot(page, 'en-30-nav-list');
    await page.getByTestId(`nav-edit-${viewId}`).click();
    await page.waitForURL(new RegExp(`#/feed-setting/${viewId}$`));
    const types = ['crypto_types', 'keywords', 'coins', 'authors', 'fans'];
    await Promise.all(types.map((type) => page.getByTestId(`filter-card-${type}`).waitFor()));
    expect(await page.getByTestId('feed-title').inputValue()).toBe('E2E everything');
    await screenshot(page, 'en-30-feed-edit');
    await page.getByTestId('feed-title').fill('E2E edited');
    const fansCard = page.getByTestId('filter-card-fans');
    await fansCard.getByRole('button', { name: /Remove filter/ }).click();
    await page.getByTestId('feed-save').click();
    await page.getByText('Updated successfully').waitFor();
    await page.waitForURL(/#\/nav-setting$/);
    await page.getByTestId(`nav-row-${viewId}`).getByText('E2E edited').waitFor();
  });

  it('pickers retry after a failure, remember searches and page through authors', async () => {
    await page.goto('/#/feed-setting');
    await page.route('**/webapi/v1/search/coins', (route) => route.abort());
    await addFilter(page, 'coins');
    await page.getByText('Failed to fetch coins').waitFor(); // under 'Network error, please retry'
    await screenshot(page, 'en-30-picker-error');
    await page.unroute('**/webapi/v1/search/coins');
    await page.getByTestId('picker-retry').click();
    await page.getByTestId('picker-item-BTC').waitFor();
    // The search made while creating the feed is offered while the query is empty.
    await page.getByTestId('picker-history').first().click();
    expect(await page.getByTestId('picker-search').inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('picker-confirm').waitFor({ state: 'detached' });

    await addFilter(page, 'authors');
    const rows = page.locator('[data-testid^="picker-item-"]');
    await expect.poll(() => rows.count()).toBe(20);
    await rows.nth(19).scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count()).toBeGreaterThan(20);
    await screenshot(page, 'en-30-author-scroll');
  });

  it('offers a retry when the view to edit cannot be loaded', async () => {
    await page.goto('/#/feed-setting/999999');
    await page.getByTestId('feed-setting-error').getByText('Network error, please retry').waitFor();
  });

  it('reorders tabs by drag and keeps the order after a reload', async () => {
    await page.goto('/#/nav-setting');
    const before = await rowOrder(page);
    const last = before.at(-1) ?? '';
    // A failed save puts the rows back where they were.
    await page.route('**/webapi/v1/view/v2/merge_sort', (route) => route.abort());
    await dragRow(page, last, before[0] ?? '');
    await page.getByText('Failed to save order').waitFor();
    await expect.poll(() => rowOrder(page)).toEqual(before);
    await page.unroute('**/webapi/v1/view/v2/merge_sort');
    await dragRow(page, last, before[0] ?? '');
    await page.getByText('Saved successfully').waitFor();
    const expected = [last, ...before.slice(0, -1)];
    expect(await rowOrder(page)).toEqual(expected);
    await page.reload();
    await page.getByTestId(`nav-row-${last}`).waitFor();
    expect(await rowOrder(page)).toEqual(expected);
    // Opinion groups can be moved but neither edited nor deleted here.
    expect(await page.getByTestId('nav-delete-coin_opinion').count()).toBe(0);
    expect(await page.getByTestId('nav-edit-coin_opinion').count()).toBe(0);
  });

  it('deletes a view after a confirm', async () => {
    await page.getByTestId(`nav-delete-${viewId}`).click();
    await page.getByText('Confirm delete?').waitFor();
    await screenshot(page, 'en-30-delete-confirm');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId(`nav-row-${viewId}`).waitFor();
    await page.getByTestId(`nav-delete-${viewId}`).click();
    await page.getByTestId('nav-delete-confirm').click();
    await page.getByText('Deleted successfully').waitFor();
    await page.getByTestId(`nav-row-${viewId}`).waitFor({ state: 'detached' });
  });

  it('opens the analytics report form from the add menu', async () => {
    await page.goto('/#/');
    await noToast(page);
    await page.getByTestId('home-add').click();
    await page.getByTestId('add-menu-report').waitFor();
    await screenshot(page, 'en-32-add-menu');
    await page.getByTestId('add-menu-report').click();
    await page.waitForURL(/#\/report-setting$/);
  });

  it('restores deleted built-in views from /nav-setting', async () => {
    await page.goto('/#/nav-setting');
    const { hotCoins, allKols } = await builtIns(page);
    await page.getByTestId(`nav-row-${hotCoins}`).waitFor();
    expect(await page.getByTestId('nav-restore').count()).toBe(0);
    await deleteRow(page, hotCoins ?? '', 'Deleted successfully');
    await deleteRow(page, allKols ?? '', 'Deleted successfully');
    await page.getByTestId('nav-restore').getByText('Built-in views deleted: Hot Coins, All KOLs.').waitFor();
    await noToast(page);
    await screenshot(page, 'en-33-nav-restore');
    await page.getByTestId('nav-restore-defaults').click();
    await page.getByText('Hot Coins, All KOLs will come back at the top of your tabs.').waitFor();
    await page.getByTestId('nav-restore-confirm').click();
    await page.getByText('Default views restored').waitFor();
    await page.getByTestId('nav-restore').waitFor({ state: 'detached' });
    const back = await builtIns(page);
    expect((await rowOrder(page)).slice(0, 2)).toEqual([back.hotCoins, back.allKols]);
    await noToast(page);
    await screenshot(page, 'en-33-nav-restored');
  });

  it('switches the author picker between KOLs and all users', async () => {
    await checkPickerModes(page, 'en');
  });
});

describe('view settings (zh-CN)', () => {
  it('validates, creates, lists and deletes in Chinese', async () => {
    const page = await signIn('zh-CN');
    await checkValidation(page, '中文订阅', ['请输入标题', '请设置筛选条件']);
    await screenshot(page, 'zh-30-feed-validation');

    await addFilter(page, 'crypto_types');
    await page.getByText('交易与技术分析').waitFor();
    await screenshot(page, 'zh-30-category-picker');
    await page.getByTestId('picker-item-trading').click();
    await confirmPicker(page);
    await addFilter(page, 'coins');
    await page.getByTestId('picker-item-BTC').click();
    await screenshot(page, 'zh-30-coin-picker');
    await confirmPicker(page);
    await addFilter(page, 'keywords');
    await page.getByTestId('keyword-input').fill('减半');
    await page.getByTestId('keyword-input').press('Enter');
    await addFilter(page, 'fans');
    await page.getByTestId('fans-min').fill('1000');
    await screenshot(page, 'zh-30-feed-filled');

    const viewId = await saveNewFeed(page);
    await page.getByText('创建成功').waitFor();
    await page.getByTestId(`tab-${viewId}`).waitFor();
    await page.getByText('创建成功').waitFor({ state: 'detached' });
    await page.goto('/#/nav-setting');
    await page.getByTestId(`nav-row-${viewId}`).waitFor();
    await screenshot(page, 'zh-30-nav-list');
    await page.getByTestId(`nav-delete-${viewId}`).click();
    await page.getByText('确认删除？').waitFor();
    await screenshot(page, 'zh-30-delete-confirm');
    await page.getByTestId('nav-delete-confirm').click();
    await page.getByText('删除成功').waitFor();
    await page.getByTestId(`nav-row-${viewId}`).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('offers the report entry, restores a built-in view and switches the picker, in Chinese', async () => {
    const page = await signIn('zh-CN');
    await page.getByTestId('home-add').click();
    await page.getByTestId('add-menu-report').getByText('分析报告').waitFor();
    await screenshot(page, 'zh-32-add-menu');
    await page.keyboard.press('Escape');

    await page.goto('/#/nav-setting');
    const { allKols } = await builtIns(page);
    await page.getByTestId(`nav-row-${allKols}`).waitFor();
    await deleteRow(page, allKols ?? '', '删除成功');
    await page.getByTestId('nav-restore').getByText('已删除的内置视图：全部 KOL。').waitFor();
    await noToast(page);
    await screenshot(page, 'zh-33-nav-restore');
    await page.getByTestId('nav-restore-defaults').click();
    await page.getByTestId('nav-restore-confirm').click();
    await page.getByText('默认视图已恢复').waitFor();
    await page.getByTestId('nav-restore').waitFor({ state: 'detached' });
    expect((await builtIns(page)).allKols).toBeTruthy();
    await noToast(page);
    await screenshot(page, 'zh-33-nav-restored');

    await checkPickerModes(page, 'zh');
    await page.context().close();
  });
});

/**
 * Issue 12: a feed made through the API with the spec's plain strings opens in the edit form
 * with every card filled as the pickers would have filled it, shows its match, and saves back
 * unchanged.
 */
describe.each(['en', 'zh-CN'] as const)('a feed saved with plain-string rules (%s)', (lang) => {
  it('opens in the edit form with every card filled, and saves back unchanged', async () => {
    const page = await signIn(lang);
    const sample = await samplePost(page);
    const low = Math.max(1, Math.floor(sample.followers / 2));
    const added = await page.request.post('/webapi/v1/view/add', {
      data: {
        name: 'Plain rules',
        view_type: 'content_feed',
        matching_rules: [
          { type: 'crypto_types', rules: [sample.primaryId] },
          { type: 'keywords', rules: [sample.keyword] },
          { type: 'coins', rules: [`$${sample.coin.toLowerCase()}`] },
          { type: 'authors', rules: [`@${sample.author.username}`] },
          { type: 'fans', rules: [String(low), ''] },
        ],
      },
    });
    const list = (await added.json()).data as { view_id: string; view_type: string }[];
    const viewId = list.filter((v) => v.view_type === 'content_feed').at(-1)?.view_id ?? '';
    const stored = await call<{ matching_rules: unknown }>(page, 'view/info', { view_id: viewId });

    await page.goto(`/#/?viewId=${viewId}`);
    await page.locator(`[data-testid="post-card"][data-post-id="${sample.postId}"]`).waitFor();

    await page.goto(`/#/feed-setting/${viewId}`);
    // The category tag shows its name in the page's language (sample.primaryName is English).
    const category = page.getByTestId(`filter-tag-${sample.primaryId}`);
    await category.waitFor();
    // The id shows until the category list has loaded.
    await expect.poll(() => category.textContent()).toMatch(lang === 'en' ? sample.primaryName : /\p{Script=Han}/u);
    await page.getByTestId('filter-card-keywords').getByText(sample.keyword).waitFor();
    await page.getByTestId(`filter-tag-${sample.coin}`).waitFor();
    await page.getByTestId(`filter-tag-${sample.author.id}`).getByText(`@${sample.author.username}`).waitFor();
    expect(await page.getByTestId('fans-min').inputValue()).toBe(String(low));
    expect(await page.getByTestId('fans-max').inputValue()).toBe('');
    await screenshot(page, `${lang === 'en' ? 'en' : 'zh'}-30-plain-rules-edit`);
    await page.getByTestId('fans-min').scrollIntoViewIfNeeded();
    await screenshot(page, `${lang === 'en' ? 'en' : 'zh'}-30-plain-rules-edit-fans`);

    const saved = page.waitForResponse((r) => r.url().endsWith('/view/update'));
    await page.getByTestId('feed-save').click();
    expect((await (await saved).json()).ret).toBe(1);
    expect((await call<{ matching_rules: unknown }>(page, 'view/info', { view_id: viewId })).matching_rules).toEqual(
      stored.matching_rules,
    );
    await call(page, 'view/delete', { view_id: viewId });
    await page.context().close();
  });
});
