import { describe, expect, it } from 'vitest';
import { MAX_PATH_PARAM_LENGTH, pathParams } from './route-params';
import { API_ROUTES } from './routes';

const keys = Object.keys(API_ROUTES) as (keyof typeof API_ROUTES)[];
const namesIn = (path: string) => path.split('/').flatMap((s) => (s.startsWith(':') ? [s.slice(1)] : []));

describe('pathParams', () => {
  it("takes exactly each route's :names, as written in its path", () => {
    for (const key of keys) {
      const names = namesIn(API_ROUTES[key]);
      const filled = Object.fromEntries(names.map((n) => [n, `${n}-1`]));
      expect(pathParams(key).safeParse(filled), key).toMatchObject({ success: true, data: filled });
      for (const missing of names) {
        const { [missing]: _gone, ...rest } = filled;
        expect(pathParams(key).safeParse(rest).success, `${key} without ${missing}`).toBe(false);
      }
      expect(pathParams(key).safeParse({ ...filled, extra: 'x' }).success, `${key} with extra`).toBe(false);
    }
  });

  it('refuses an empty parameter and one over the cap, naming it', () => {
    const schema = pathParams('deckRoomDocument');
    const longest = 'x'.repeat(MAX_PATH_PARAM_LENGTH);
    expect(schema.safeParse({ id: longest, documentId: 'd' }).success).toBe(true);
    const tooLong = schema.safeParse({ id: 'r', documentId: `${longest}x` });
    expect(tooLong.error?.issues[0]?.message).toBe(
      `The path's documentId must be 1 to ${MAX_PATH_PARAM_LENGTH} characters`,
    );
    expect(schema.safeParse({ id: '', documentId: 'd' }).error?.issues[0]?.message).toBe(
      `The path's id must be 1 to ${MAX_PATH_PARAM_LENGTH} characters`,
    );
  });
});
