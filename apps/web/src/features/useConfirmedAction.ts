import { useState } from 'react';
import { confirmDanger, type DangerQuestion } from './confirmDanger';

interface Options {
  /** The question of the confirm dialog. */
  ask: DangerQuestion;
  /** The action, once confirmed (its success toast and any navigation included). */
  action: () => Promise<unknown>;
  /** How the page reports a failed action; the page stays as it was. */
  onError: (error: unknown) => void;
  /**
   * The action leaves the page: `busy` stays set after a success, so the page does not show
   * the removed record as missing on its way out.
   */
  leavesPage?: boolean;
}

/**
 * A destructive action behind a confirm (delete a view, delete a KOL group): `busy` while it runs,
 * so the page disables its rows meanwhile.
 */
export function useConfirmedAction() {
  const [busy, setBusy] = useState(false);

  const run = async ({ ask, action, onError, leavesPage = false }: Options) => {
    if (!(await confirmDanger(ask))) return;
    setBusy(true);
    try {
      await action();
      if (!leavesPage) setBusy(false);
    } catch (error) {
      onError(error);
      setBusy(false);
    }
  };

  return { busy, run };
}
