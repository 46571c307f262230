import dgram from 'node:dgram';

/**
 * A local DNS server for the white-label checks: answers A queries from a table the test changes
 * (NXDOMAIN for names it does not hold). UDP on 127.0.0.1 only; nothing leaves the machine.
 */
export type DnsStub = {
  /** host:port, as WHITE_LABEL_DNS_SERVERS takes it. */
  server: string;
  records: Map<string, string>;
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

function answer(query: Buffer, records: Map<string, string>): Buffer {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const address = type === 1 ? records.get(name) : undefined;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the query's id
  // A response, recursion desired and available; NXDOMAIN when the name is unknown.
  header.writeUInt16BE(records.has(name) ? 0x8180 : 0x8183, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(address ? 1 : 0, 6);
  if (!address) return Buffer.concat([header, question]);
  const record = Buffer.alloc(16);
  record.writeUInt16BE(0xc00c, 0); // the name, by pointer to the question
  record.writeUInt16BE(1, 2); // A
  record.writeUInt16BE(1, 4); // IN
  record.writeUInt32BE(5, 6); // TTL
  record.writeUInt16BE(4, 10);
  address.split('.').forEach((part, i) => {
    record[12 + i] = Number(part);
  });
  return Buffer.concat([header, question, record]);
}

export async function startDnsStub(port = 0): Promise<DnsStub> {
  const records = new Map<string, string>();
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
