import { describe, expect, it } from 'vitest';
import { defaultNda, roomFileProblem } from './room-queries';
import { roomTitle, trackingNotice } from './ViewerGate';

describe('data rooms on the screen', () => {
  it("the default NDA names the founder's company, and says so plainly without one", () => {
    expect(defaultNda('Acme Robotics')).toContain('about Acme Robotics, are confidential');
    expect(defaultNda('Acme Robotics')).not.toContain('{company}');
    expect(defaultNda(null)).toContain('about the company, are confidential');
  });

  it('the tracking notice says what a room records: documents opened, the e-mail, the NDA name', () => {
    const room = { name: 'Seed round', nda: { text: 'Keep it confidential.', version: 1 } };
    expect(trackingNotice({ requireEmail: true, allowDownload: false, room })).toBe(
      'Viewing is tracked: the founder sees which documents were opened, with the e-mail address you give, the name you type to accept the NDA, which pages were read and for how long.',
    );
    expect(trackingNotice({ requireEmail: false, allowDownload: false, room: { ...room, nda: null } })).toBe(
      'Viewing is tracked: the founder sees which documents were opened, which pages were read and for how long.',
    );
    expect(roomTitle('Acme Robotics', 'Seed round')).toBe('Acme Robotics — Seed round');
    expect(roomTitle(null, 'Seed round')).toBe('Seed round');
  });

  it('refuses an empty or too large file before sending it', () => {
    expect(roomFileProblem({ name: 'a.pdf', size: 0 })).toBe('a.pdf is empty.');
    expect(roomFileProblem({ name: 'b.pdf', size: 26 * 1024 * 1024 })).toMatch(/larger than 25 MB/);
    expect(roomFileProblem({ name: 'c.pdf', size: 1000 })).toBeNull();
  });
});
