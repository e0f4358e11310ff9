// Sums the vitest JSON reports of a CI run with the pass/fail checks, prints each suite's slowest
// files and each stage's minutes (stages.txt, written by .ci/run), then the one closing line
// "N passed, N failed", and exits non-zero when anything failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const [dir, checksPassed = '0', checksFailed = '0'] = process.argv.slice(2);
let passed = Number(checksPassed);
let failed = Number(checksFailed);
const minutes = (ms) => (ms / 60_000).toFixed(1);

/** Where a suite's time went: its slowest files, by wall time from first test start to end. */
function slowestFiles(name, report, count = 8) {
  const files = (report.testResults ?? [])
    .map((r) => ({ file: relative(process.cwd(), r.name), ms: (r.endTime ?? 0) - (r.startTime ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
  console.log(`${name}, slowest files: ${files.map((f) => `${f.file} ${Math.round(f.ms / 1000)} s`).join(', ')}`);
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  slowestFiles(file.replace('.json', ''), report);
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
const stagesFile = join(dir, 'stages.txt');
if (existsSync(stagesFile)) {
  const stages = readFileSync(stagesFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' '));
  // A stage run beside another (its name says so) took no wall time of its own.
  const total = stages
    .filter(([name]) => !name.endsWith('-beside-postgres'))
    .reduce((sum, [, seconds]) => sum + Number(seconds), 0);
  console.log(
    `stages (minutes): ${stages.map(([name, seconds]) => `${name} ${minutes(Number(seconds) * 1000)}`).join(', ')}; total ${minutes(total * 1000)}`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
