// Sums the vitest JSON reports of a CI run with the pass/fail checks, prints the one closing
// line "N passed, N failed" and exits non-zero when anything failed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, checksPassed = '0', checksFailed = '0'] = process.argv.slice(2);
let passed = Number(checksPassed);
let failed = Number(checksFailed);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  // A file that failed to load has no tests but must still fail the run.
  const brokenFiles = (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  ).length;
  // Name every failure so the last lines of a CI log say what to fix.
  for (const result of report.testResults ?? []) {
    const failures = result.assertionResults.filter((a) => a.status === 'failed');
    if (result.status === 'failed' && failures.length === 0) {
      console.log(`FAILED ${result.name}: ${(result.message ?? '').split('\n')[0]}`);
    }
    for (const a of failures) {
      console.log(`FAILED ${result.name} > ${a.fullName}: ${(a.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
  }
  console.log(
    `${file.replace('.json', '')}: ${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles} failed`,
  );
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenFiles;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
