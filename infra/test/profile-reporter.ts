import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * `npm run test:profile [-- files…]`: each test file's times, written to .data/test-profile.json
 * (or TEST_PROFILE_OUT) with the load average, and the 20 slowest printed at the end.
 *  wall   – from the file's start to its end, as the main process saw it (includes waiting for imports)
 *  load   – importing the file and everything it imports, plus the environment and runner setup
 *  hooks  – beforeAll/afterAll/beforeEach/afterEach (app boots, databases, browsers)
 *  tests  – the tests themselves
 */
export default class ProfileReporter implements Reporter {
  private started = new Map<string, number>();
  private ended = new Map<string, number>();
  private runStart = Date.now();
  private loadAtStart = loadavg();

  onTestModuleStart(m: TestModule) {
    this.started.set(m.moduleId, Date.now());
  }

  onTestModuleEnd(m: TestModule) {
    this.ended.set(m.moduleId, Date.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const rows = modules.map((m) => {
      const d = m.diagnostic();
      let tests = 0;
      let count = 0;
      for (const t of m.children.allTests()) {
        tests += t.diagnostic()?.duration ?? 0;
        count++;
      }
      const start = this.started.get(m.moduleId);
      const end = this.ended.get(m.moduleId);
      const load = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration;
      return {
        file: path.relative(process.cwd(), m.moduleId),
        project: m.project.name,
        state: m.state(),
        tests: count,
        wallMs: start !== undefined && end !== undefined ? end - start : Math.round(load + d.duration),
        loadMs: Math.round(load),
        hooksMs: Math.round(Math.max(0, d.duration - tests)),
        testsMs: Math.round(tests),
      };
    });
    rows.sort((a, b) => b.wallMs - a.wallMs);
    const out = process.env.TEST_PROFILE_OUT ?? path.join(process.cwd(), '.data', 'test-profile.json');
    mkdirSync(path.dirname(out), { recursive: true });
    const report = {
      at: new Date().toISOString(),
      totalMs: Date.now() - this.runStart,
      loadAverage: { start: this.loadAtStart.map((n) => +n.toFixed(2)), end: loadavg().map((n) => +n.toFixed(2)) },
      files: rows,
    };
    writeFileSync(out, JSON.stringify(report, null, 2));
    const s = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
    const lines = rows
      .slice(0, 20)
      .map(
        (r) =>
          `${s(r.wallMs)} ${s(r.loadMs)} ${s(r.hooksMs)} ${s(r.testsMs)} ${String(r.tests).padStart(5)}  ${r.file}`,
      );
    // Per project: its files' summed wall time (int runs two at a time, so its phase takes about half).
    const projects = new Map<string, { files: number; wallMs: number }>();
    for (const r of rows) {
      const p = projects.get(r.project) ?? { files: 0, wallMs: 0 };
      projects.set(r.project, { files: p.files + 1, wallMs: p.wallMs + r.wallMs });
    }
    console.log(
      [
        '',
        `Slowest files (seconds; load average ${report.loadAverage.start.join(' ')} -> ${report.loadAverage.end.join(' ')}; all in ${out}):`,
        '   wall    load   hooks   tests count  file',
        ...lines,
        `Summed wall time per project: ${[...projects].map(([name, p]) => `${name} ${p.files} files ${Math.round(p.wallMs / 1000)} s`).join(', ')}; the run ${Math.round(report.totalMs / 1000)} s`,
        '',
      ].join('\n'),
    );
  }
}
