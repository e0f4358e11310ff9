import { describe, expect, it } from 'vitest';
import { firstError } from '../../features/view-form/fieldErrors';
import {
  defaultFields,
  fieldsFromInfo,
  NOTIFICATION_FIELDS,
  toggleSource,
  validateNotification,
} from './notificationForm';

const kw = (...texts: string[]) => texts.map((text, i) => ({ key: `k${i}`, text, editing: false }));

describe('notification form', () => {
  it('starts with superKOL only, one push a minute at most, push off', () => {
    expect(defaultFields()).toEqual({
      name: '',
      keywords: [],
      sources: ['superKOL'],
      updateFreq: { amount: '1', unit: 'minute' },
      notificationEnabled: false,
    });
  });

  it('reports every error at once, the name first', () => {
    const checked = validateNotification({
      ...defaultFields(),
      name: '   ',
      keywords: kw('  ', ''),
      sources: [],
      updateFreq: { amount: '0', unit: 'hour' },
    });
    expect(checked).toEqual({
      errors: {
        name: 'titleRequired',
        keywords: 'filtersRequired',
        sources: 'sourcesRequired',
        updateFreq: 'amountInvalid',
      },
    });
    if ('errors' in checked) expect(firstError(checked.errors, NOTIFICATION_FIELDS)).toBe('name');
    expect(
      validateNotification({
        ...defaultFields(),
        name: 'x',
        keywords: kw('a'),
        updateFreq: { amount: '31', unit: 'day' },
      }),
    ).toEqual({ errors: { updateFreq: 'tooLong' } });
  });

  it('builds the payload: trimmed name, one keyword group without blanks or repeats, sources in order', () => {
    const checked = validateNotification({
      name: '  Airdrops ',
      keywords: kw('airdrop', ' Airdrop ', '', '空投'),
      sources: ['telegram', 'superKOL'],
      updateFreq: { amount: '2', unit: 'hour' },
      notificationEnabled: true,
    });
    expect(checked).toEqual({
      payload: {
        name: 'Airdrops',
        matchingRules: [
          {
            type: 'keywords',
            rules: [
              { label: 'airdrop', value: 'airdrop' },
              { label: '空投', value: '空投' },
            ],
          },
        ],
        dataSources: ['superKOL', 'telegram'],
        updateFreqSeconds: 7200,
        notificationEnabled: true,
      },
    });
  });

  it('reads a saved view back, and toggles sources', () => {
    const f = fieldsFromInfo({
      name: 'n',
      matchingRules: [{ type: 'keywords', rules: [{ value: 'btc' }, { label: 'eth' }] }],
      dataSources: ['x', 'wechat'],
      updateFreqSeconds: 86_400,
      notificationEnabled: true,
    });
    expect({ ...f, keywords: f.keywords.map((k) => k.text) }).toEqual({
      name: 'n',
      keywords: ['btc', 'eth'],
      sources: ['x', 'wechat'],
      updateFreq: { amount: '1', unit: 'day' },
      notificationEnabled: true,
    });
    expect(fieldsFromInfo({ name: 'n', matchingRules: [] }).sources).toEqual(['superKOL']);
    expect(toggleSource(['telegram'], 'superKOL')).toEqual(['superKOL', 'telegram']);
    expect(toggleSource(['superKOL', 'telegram'], 'superKOL')).toEqual(['telegram']);
  });
});
