import dgram from 'node:dgram';

/**
 * A local DNS server for the white-label checks: answers A and AAAA queries from a table the test
 * changes (an address or several; NXDOMAIN for names it does not hold). UDP on 127.0.0.1 only;
 * nothing leaves the machine.
 */
export type DnsStub = {
  /** host:port, as WHITE_LABEL_DNS_SERVERS takes it. */
  server: string;
  /** A name's addresses: IPv4 ones answer A queries, IPv6 ones AAAA queries. */
  records: Map<string, string | string[]>;
  close(): Promise<void>;
};

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at] !== 0) {
    const length = message[at];
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

const TYPE_A = 1;
const TYPE_AAAA = 28;

/** An address's bytes: 4 for IPv4, 16 for IPv6 (`::` expanded, a trailing a.b.c.d read as two groups). */
function addressBytes(address: string): Buffer {
  if (!address.includes(':')) return Buffer.from(address.split('.').map(Number));
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? address.replace(
        dotted[0],
        `${((+dotted[1] << 8) | +dotted[2]).toString(16)}:${((+dotted[3] << 8) | +dotted[4]).toString(16)}`,
      )
    : address;
  const [head, tail = ''] = text.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = [...groups(head), ...Array(text.includes('::') ? missing : 0).fill('0'), ...groups(tail)];
  const bytes = Buffer.alloc(16);
  all.forEach((group, i) => {
    bytes.writeUInt16BE(Number.parseInt(group, 16), i * 2);
  });
  return bytes;
}

function answer(query: Buffer, records: Map<string, string | string[]>): Buffer {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const addresses = [records.get(name) ?? []]
    .flat()
    .filter((address) =>
      type === TYPE_AAAA ? address.includes(':') : type === TYPE_A && !address.includes(':'),
    );
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the query's id
  // A response, recursion desired and available; NXDOMAIN when the name is unknown.
  header.writeUInt16BE(records.has(name) ? 0x8180 : 0x8183, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const answers = addresses.map((address) => {
    const data = addressBytes(address);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name, by pointer to the question
    record.writeUInt16BE(type, 2);
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(5, 6); // TTL
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, question, ...answers]);
}

export async function startDnsStub(port = 0): Promise<DnsStub> {
  const records = new Map<string, string | string[]>();
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, remote) => {
    try {
      socket.send(answer(message, records), remote.port, remote.address);
    } catch {
      // a malformed query gets no answer
    }
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    records,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
