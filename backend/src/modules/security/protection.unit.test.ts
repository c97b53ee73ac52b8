import { describe, expect, it } from 'vitest';
import { protectionStatus } from './routes';

describe('protection status shown on the security dashboard', () => {
  it('is blocking when anything beyond rate limits is refused', () => {
    expect(protectionStatus({ autoBlock: true, userAgentMode: 'log', fingerprintMode: 'log' }).mode).toBe('blocking');
    expect(protectionStatus({ autoBlock: false, userAgentMode: 'block', fingerprintMode: 'off' }).mode).toBe(
      'blocking',
    );
    expect(protectionStatus({ autoBlock: false, userAgentMode: 'off', fingerprintMode: 'block' }).mode).toBe(
      'blocking',
    );
  });
  it('is log only when detections are recorded but nothing is refused', () => {
    expect(protectionStatus({ autoBlock: false, userAgentMode: 'log', fingerprintMode: 'off' })).toEqual({
      mode: 'log_only',
      autoBlock: false,
      userAgentMode: 'log',
      fingerprintMode: 'off',
    });
  });
  it('is off when nothing is detected', () => {
    expect(protectionStatus({ autoBlock: false, userAgentMode: 'off', fingerprintMode: 'off' }).mode).toBe('off');
  });
});
