import type { CatalogSourceEvent, SourceRecord } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../../testing/decider';
import { DomainError } from '../../platform/decider';
import { parseSourceFile, ImportFileError } from './parse-source-file';
import { catalogSourcesDecider, type ImportSourceCommand } from './catalog-sources-decider';

const rec = (key: string, fields: SourceRecord['fields'], firmId = `d-${key}.example`): SourceRecord => ({
  key,
  firmId,
  recordUrl: null,
  fields,
});
const cmd = (
  importId: string,
  records: SourceRecord[],
  source: 'fundraisingfox' | 'csv' = 'fundraisingfox',
  dataDate = '2026-01-01',
): ImportSourceCommand => ({
  type: 'ImportSource',
  data: { importId, source, dataDate, fileName: 'f.csv', rows: records.length, records },
});
const history = (c: ImportSourceCommand): CatalogSourceEvent[] => given(catalogSourcesDecider).when(c).produced();

describe('catalogSourcesDecider', () => {
  const first = cmd('i1', [rec('acme', { vcName: 'Acme', city: 'Oslo' }), rec('beta', { vcName: 'Beta' })]);

  it('given nothing, when a file is imported, then records, merged firms and the summary are appended', () => {
    const events = given(catalogSourcesDecider).when(first).produced();
    expect(events.map((e) => e.type)).toEqual(['SourceRecordsChanged', 'CatalogFirmsMerged', 'CatalogSourceImported']);
    expect(events.at(-1)!.data).toMatchObject({ imported: 2, updated: 0, unchanged: 0, inactive: 0, records: 2 });
  });

  it('given an import, when the same rows come again, then only the summary is appended (unchanged = all)', () => {
    given(catalogSourcesDecider, ...history(first))
      .when(cmd('i2', first.data.records))
      .thenState((_s, produced) => {
        expect(produced.map((e) => e.type)).toEqual(['CatalogSourceImported']);
        expect(produced[0]!.data).toMatchObject({ imported: 0, updated: 0, unchanged: 2, inactive: 0 });
      });
  });

  it('given an import, when the same import id comes again, then nothing is appended', () => {
    given(catalogSourcesDecider, ...history(first))
      .when(first)
      .then([]);
  });

  it('given an import, when a firm left the file, then it is marked inactive and kept', () => {
    const produced = given(catalogSourcesDecider, ...history(first))
      .when(cmd('i2', [rec('acme', { vcName: 'Acme', city: 'Oslo' })]))
      .produced();
    const merged = produced.find((e) => e.type === 'CatalogFirmsMerged')!;
    expect(merged.data).toMatchObject({ firms: [{ id: 'd-beta.example', vcName: 'Beta', active: false }] });
    expect(produced.at(-1)!.data).toMatchObject({ unchanged: 1, inactive: 1 });
  });

  it('given a firm from one source, when another source has the same domain, then fields merge, each naming its source', () => {
    const produced = given(catalogSourcesDecider, ...history(first))
      .when(
        cmd('c1', [rec('acme', { vcName: 'Acme Capital', checkSizeMin: 100, checkSizeMax: 500 })], 'csv', '2026-02-01'),
      )
      .produced();
    const firm = produced.find((e) => e.type === 'CatalogFirmsMerged')!.data.firms[0]!;
    expect(firm).toMatchObject({
      id: 'd-acme.example',
      vcName: 'Acme Capital',
      city: 'Oslo',
      checkSizeMin: 100,
      checkSizeMax: 500,
      aum: null,
    });
    expect(firm.provenance!.map((p) => [p.source, p.fields])).toEqual([
      ['csv', ['vcName', 'checkSizeMin', 'checkSizeMax']],
      ['fundraisingfox', ['city']],
    ]);
  });

  it('given a firm, when its row (same slug) comes with a new domain, then the old firm is retired and points at the new one', () => {
    const moved = cmd(
      'i2',
      [rec('acme', { vcName: 'Acme', city: 'Oslo' }, 'd-acme-new.example'), rec('beta', { vcName: 'Beta' })],
      'fundraisingfox',
      '2026-02-01',
    );
    const produced = given(catalogSourcesDecider, ...history(first))
      .when(moved)
      .produced();
    const firms = produced.filter((e) => e.type === 'CatalogFirmsMerged').flatMap((e) => e.data.firms);
    expect(firms.map((f) => [f.id, f.active, f.replacedBy])).toEqual([
      ['d-acme-new.example', true, undefined],
      ['d-acme.example', false, 'd-acme-new.example'],
    ]);
    expect(produced.at(-1)!.data).toMatchObject({ imported: 0, updated: 1, unchanged: 1, inactive: 0 });
  });

  it('given a firm named by two sources, when one source moves its row to a new domain, then the other keeps the old firm live', () => {
    const other = given(catalogSourcesDecider, ...history(first))
      .when(cmd('c1', [rec('acme.example', { vcName: 'Acme (partner list)' }, 'd-acme.example')], 'csv'))
      .produced();
    const moved = cmd('i2', [
      rec('acme', { vcName: 'Acme', city: 'Oslo' }, 'd-acme-new.example'),
      rec('beta', { vcName: 'Beta' }),
    ]);
    const firms = given(catalogSourcesDecider, ...history(first), ...other)
      .when(moved)
      .produced()
      .filter((e) => e.type === 'CatalogFirmsMerged')
      .flatMap((e) => e.data.firms);
    const old = firms.find((f) => f.id === 'd-acme.example')!;
    expect(old).toMatchObject({ active: true, vcName: 'Acme (partner list)' });
    expect(old.replacedBy).toBeUndefined();
    expect(old.provenance!.map((p) => p.source)).toEqual(['csv']);
  });

  it('refuses a data date not written YYYY-MM-DD', () => {
    given(catalogSourcesDecider)
      .when(cmd('x', [], 'csv', '1 Jan'))
      .thenThrows(DomainError, /YYYY-MM-DD/);
  });
});

describe('parseSourceFile (csv with a column map)', () => {
  it('maps columns, reads float cheques in USD as thousands, and leaves empty cells out', () => {
    const r = parseSourceFile('Firm,Site,Min\n"Nord, Sud",https://www.nord-sud.example/x,100000.0\nSolo,,\n', 'csv', {
      name: 'Firm',
      website: 'Site',
      checkMinUsd: 'Min',
    });
    expect(r.records).toEqual([
      {
        key: 'nord-sud.example',
        firmId: 'd-nord-sud.example',
        recordUrl: null,
        fields: { vcName: 'Nord, Sud', website: 'https://nord-sud.example', checkSizeMin: 100 },
      },
      { key: 'solo', firmId: 's-csv-solo', recordUrl: null, fields: { vcName: 'Solo' } },
    ]);
  });
  it('refuses an over-long field and a missing mapped column with the line', () => {
    expect(() => parseSourceFile(`name\n${'x'.repeat(2001)}\n`, 'csv')).toThrow(ImportFileError);
    const err = (() => {
      try {
        parseSourceFile('name\nA\n', 'csv', { domain: 'Website' });
      } catch (e) {
        return e as ImportFileError;
      }
    })();
    expect(err?.rejected).toEqual([{ line: 1, reason: 'Column not in the header: Website' }]);
  });
  it('reports a quote left open at the line where its row starts, not at the end of the file', () => {
    const file = 'name,city\nAcme,Oslo\nBeta,Bergen\n"Open Capital,Rome\nDelta,Paris\nEpsilon,Lyon\n';
    expect(() => parseSourceFile(file, 'csv')).toThrow(ImportFileError);
    const err = (() => {
      try {
        parseSourceFile(file, 'csv');
      } catch (e) {
        return e as ImportFileError;
      }
    })();
    expect(err?.rejected).toEqual([{ line: 4, reason: 'Malformed CSV: a quote opened in this row is never closed' }]);
  });
  it('counts from where a row starts when a cell spans lines or empty lines come before it', () => {
    const file = 'name,checkMinUsd\n"Multi\nLine Capital",100\n\nBad Co,lots\n"Open,1\n';
    const err = (() => {
      try {
        parseSourceFile(file, 'csv');
      } catch (e) {
        return e as ImportFileError;
      }
    })();
    expect(err?.rejected).toEqual([{ line: 6, reason: 'Malformed CSV: a quote opened in this row is never closed' }]);
    const rows = (() => {
      try {
        parseSourceFile('name,checkMinUsd\n"Multi\nLine Capital",100\n\nBad Co,lots\nGood,5\n', 'csv');
      } catch (e) {
        return (e as ImportFileError).rejected;
      }
    })();
    expect(rows).toEqual([{ line: 5, reason: "check_min_usd is not a number: 'lots'" }]);
  });
});
