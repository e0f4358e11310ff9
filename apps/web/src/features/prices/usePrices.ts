import { marketCalls, type ReportPeriod, type Granularity, type ViewType, viewCalls } from '@kolscope/contract';
import { useCallback, useRef } from 'react';
import { api } from '../../api';
import { useQuery } from '../query/useQuery';
import type { CoinPrices } from './priceOverlay';

interface PricesState {
  data: CoinPrices[] | null;
  requestId: number;
}

const initial: PricesState = { data: null, requestId: 0 };

/** The coins a view draws: a coin opinion's coin, an event opinion's named coins, none for reports. */
async function viewCoins(viewId: string, viewType: ViewType): Promise<string[]> {
  if (viewType === 'coin_opinion') return [(await api(viewCalls.coinOpinionInfo, { viewId })).coin];
  if (viewType === 'event_opinion') return (await api(viewCalls.eventOpinionInfo, { viewId })).coins;
  return [];
}

/**
 * The prices of a view's coins over the report's period and interval, loaded with the report and
 * refreshed on its clock (the detail page's minute). The view's coins are asked once per view.
 * Prices are secondary: a failure shows no line and no error, the report stands on its own.
 */
export function usePrices(
  viewId: string,
  viewType: ViewType,
  selection: { period: ReportPeriod; interval: Granularity },
  autoRefresh: boolean,
) {
  const { period, interval } = selection;
  const coins = useRef<{ viewId: string; coins: Promise<string[]> } | null>(null);
  const fetch = useCallback(async (): Promise<CoinPrices[]> => {
    if (coins.current?.viewId !== viewId) {
      const pending = viewCoins(viewId, viewType);
      coins.current = { viewId, coins: pending };
      // A failed look-up is asked again on the next load.
      pending.catch(() => {
        if (coins.current?.coins === pending) coins.current = null;
      });
    }
    const list = await coins.current.coins;
    return Promise.all(
      list.map(async (coin) => ({ coin, ...(await api(marketCalls.coinPrices, { coin, period, interval })) })),
    );
  }, [viewId, viewType, period, interval]);
  const { state } = useQuery(
    initial,
    {
      fetch,
      // A new period clears the old line at once: its buckets are not the new chart's.
      start: (s, silent) => ({ data: silent ? s.data : null, requestId: s.requestId + 1 }),
      receive: (s, requestId, data) => (requestId === s.requestId ? { ...s, data } : s),
      fail: (s, requestId, _error, silent) => (requestId !== s.requestId || silent ? s : { ...s, data: null }),
    },
    { autoRefresh },
  );
  return state.data;
}
