import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Modification time shown by unzip tools. */
  date?: Date;
}

/** MS-DOS date and time, as ZIP headers hold them (2-second resolution, local fields read as UTC here). */
function dosDateTime(d: Date): { date: number; time: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
  };
}

/**
 * A ZIP archive (PKWARE APPNOTE 6.3: local headers, central directory, end record) with each entry
 * deflated by node:zlib, or stored when deflating does not make it smaller (PNGs). UTF-8 names
 * (flag bit 11). For small bundles only: no ZIP64, so entries and the archive stay under 4 GB.
 */
export function createZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const deflated = deflateRawSync(e.data);
    const useDeflate = deflated.length < e.data.length;
    const body = useDeflate ? deflated : e.data;
    const method = useDeflate ? 8 : 0;
    const crc = crc32(e.data) >>> 0;
    const { date, time } = dosDateTime(e.date ?? new Date());

    // Both headers carry the same run of fields (flags … name length), at offset 6 locally and 8 centrally.
    const common = (buf: Buffer, at: number) => {
      buf.writeUInt16LE(0x0800, at); // UTF-8 names
      buf.writeUInt16LE(method, at + 2);
      buf.writeUInt16LE(time, at + 4);
      buf.writeUInt16LE(date, at + 6);
      buf.writeUInt32LE(crc, at + 8);
      buf.writeUInt32LE(body.length, at + 12);
      buf.writeUInt32LE(e.data.length, at + 16);
      buf.writeUInt16LE(name.length, at + 20);
    };
    const local = Buffer.alloc(30); // extra length (28) stays zero
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    common(local, 6);
    locals.push(local, name, body);

    const central = Buffer.alloc(46); // extra, comment, disk, attributes stay zero
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    central.writeUInt16LE(20, 6);
    common(central, 8);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
