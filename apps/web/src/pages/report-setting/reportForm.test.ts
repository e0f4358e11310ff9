import { describe, expect, it } from 'vitest';
import type { FilterGroup } from '../../features/filters/filters';
import { firstError } from '../../features/view-form/fieldErrors';
import { DEFAULT_TIMES, REPORT_FIELDS, validateReport } from './reportForm';

const coins: FilterGroup[] = [{ key: 'c', type: 'coins', rules: [{ label: 'BTC', value: 'BTC' }] }];
const base = { title: 'BTC mood', groups: coins, ...DEFAULT_TIMES };

describe('report form', () => {
  it('defaults to a 30-day backtracking and the spec update frequency of 86400 s', () => {
    const result = validateReport(base);
    expect(result).toEqual({
      payload: {
        name: 'BTC mood',
        matchingRules: [{ type: 'coins', rules: [{ label: 'BTC', value: 'BTC' }] }],
        backtrackingSeconds: 30 * 86_400,
        updateFreqSeconds: 86_400,
      },
    });
  });

  it('reports every bad field at once, the first in form order for the toast', () => {
    const result = validateReport({
      title: '  ',
      groups: [{ key: 'k', type: 'keywords', keywords: [{ key: 'a', text: ' ', editing: false }] }],
      backtracking: { amount: '0', unit: 'day' },
      updateFreq: { amount: '31', unit: 'day' },
    });
    expect(result).toEqual({
      errors: {
        title: 'titleRequired',
        filters: 'filtersRequired',
        backtracking: 'amountInvalid',
        updateFreq: 'tooLong',
      },
    });
    if ('errors' in result) expect(firstError(result.errors, REPORT_FIELDS)).toBe('title');
    expect(firstError({ filters: 'filtersRequired', updateFreq: 'amountInvalid' }, REPORT_FIELDS)).toBe('updateFreq');
  });

  it('stores the time selectors in seconds', () => {
    const result = validateReport({
      ...base,
      backtracking: { amount: '12', unit: 'hour' },
      updateFreq: { amount: '15', unit: 'minute' },
    });
    expect('payload' in result && result.payload.backtrackingSeconds).toBe(43_200);
    expect('payload' in result && result.payload.updateFreqSeconds).toBe(900);
  });

  it('sends the stored backtracking back unchanged when editing, whatever the field holds', () => {
    const result = validateReport({ ...base, backtracking: { amount: 'x', unit: 'day' } }, 7 * 86_400);
    expect('payload' in result && result.payload.backtrackingSeconds).toBe(7 * 86_400);
  });
});
