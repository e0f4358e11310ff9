/**
 * analytics_report: its filter groups counted over a period (services/opinion.ts `report`),
 * recomputed once per update frequency (a day unless set, spec section 8), never before its
 * backtracking time.
 */
import { DEFAULT_REPORT_UPDATE_FREQ_SECONDS, type ReportSettings, viewSettings } from '@kolscope/contract';
import type { ViewRow } from '../../db/repos/views';
import { filtered } from './filtered';
import { readSettings, type ViewKind } from './kind';

export const analyticsReport: ViewKind<typeof viewSettings.analytics_report> = {
  type: 'analytics_report',
  settings: viewSettings.analytics_report,
  addable: true,
  needsRules: true,
  countsOnce: true,
  ...filtered,
  toStore(settings, before) {
    if (!before)
      return { ...settings, updateFreqSeconds: settings.updateFreqSeconds ?? DEFAULT_REPORT_UPDATE_FREQ_SECONDS };
    // The backtracking time is fixed when the report is made (the spec shows it read-only).
    const { backtrackingSeconds: _, ...rest } = settings;
    const kept = reportSettingsOf(before).backtrackingSeconds;
    return kept === undefined ? rest : { ...rest, backtrackingSeconds: kept };
  },
};

export function reportSettingsOf(row: ViewRow): ReportSettings {
  return readSettings(viewSettings.analytics_report, row.settings);
}
