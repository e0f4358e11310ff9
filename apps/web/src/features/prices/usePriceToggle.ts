import { useState } from 'react';
import { readStored, writeStored } from '../../state/storage';

/** Whether the report draws prices: one choice per device, on until the reader turns it off. */
export const PRICE_TOGGLE_STORAGE_KEY = 'kolscope.reportPrice';

export function usePriceToggle(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readStored(PRICE_TOGGLE_STORAGE_KEY) !== 'off');
  const set = (next: boolean) => {
    setOn(next);
    writeStored(PRICE_TOGGLE_STORAGE_KEY, next ? 'on' : 'off');
  };
  return [on, set];
}
