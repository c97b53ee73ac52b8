import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the automation waits setting', () => {
  it('is empty by default, so the automation keeps its own waits', () => {
    expect(loadConfig({}).automationWaits).toEqual({});
  });

  it('reads the confirmation and form waits from the environment', () => {
    const cfg = loadConfig({ AUTOMATION_CONFIRM_WAIT_MS: '6000', AUTOMATION_FORM_WAIT_MS: '2500' });
    expect(cfg.automationWaits).toEqual({ verifyMs: 6000, formWaitMs: 2500 });
  });

  it('keeps a confirmation wait of at least a second, and ignores a value that is not a number', () => {
    expect(loadConfig({ AUTOMATION_CONFIRM_WAIT_MS: '10' }).automationWaits).toEqual({ verifyMs: 1000 });
    expect(loadConfig({ AUTOMATION_FORM_WAIT_MS: 'soon' }).automationWaits).toEqual({ formWaitMs: 8000 });
  });
});
