import { Client, Connection } from '@temporalio/client';

export interface TemporalHandle {
  /** The connected client; rejects with the reason when the server cannot be reached. */
  client(): Promise<Client>;
  health(): Promise<'ok' | string>;
  close(): Promise<void>;
}

/** Connects lazily, so the API starts (and says why in /api/health) even while Temporal is down. */
export function createTemporal(address: () => string | undefined, namespace: string): TemporalHandle {
  let connecting: Promise<{ connection: Connection; client: Client }> | null = null;
  const connect = () => {
    connecting ??= (async () => {
      const target = address();
      if (!target) throw new Error('no Temporal server address (TEMPORAL_ADDRESS unset and no dev server started)');
      const connection = await Connection.connect({ address: target, connectTimeout: '5s' });
      return { connection, client: new Client({ connection, namespace }) };
    })().catch((error: unknown) => {
      connecting = null;
      throw error;
    });
    return connecting;
  };
  return {
    client: async () => (await connect()).client,
    async health() {
      try {
        const { connection } = await connect();
        await connection.workflowService.getSystemInfo({}, );
        return 'ok';
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    async close() {
      if (!connecting) return;
      const current = connecting;
      connecting = null;
      try {
        await (await current).connection.close();
      } catch {
        // A connection that never opened has nothing to close.
      }
    },
  };
}
