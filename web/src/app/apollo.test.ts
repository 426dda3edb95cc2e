import { ApolloLink, gql } from '@apollo/client';
import { Observable } from 'rxjs';
import { createStudioApollo, WS_RESYNC } from './apollo';

type WsOptions = {
  on: { connected: (socket: unknown) => void; closed: (event: unknown) => void };
  shouldRetry: (event: unknown) => boolean;
};
const created: WsOptions[] = [];
jest.mock('graphql-ws/client', () => ({
  createClient: (options: WsOptions) => {
    created.push(options);
    return {};
  },
}));
// The subscription link itself is not under test: one that never answers.
jest.mock('@apollo/client/link/subscriptions', () => ({
  GraphQLWsLink: function GraphQLWsLink() {
    return new ApolloLink(() => new Observable<ApolloLink.Result>(() => undefined));
  },
}));

const SUBSCRIPTION = gql`
  subscription Seats {
    spotsChanged {
      classInstanceId
    }
  }
`;

async function wsOptions(): Promise<{ apollo: ReturnType<typeof createStudioApollo>; options: WsOptions }> {
  const apollo = createStudioApollo({ wsUrl: 'ws://localhost/graphql' });
  apollo.client.subscribe({ query: SUBSCRIPTION }).subscribe({});
  for (let i = 0; i < 50 && created.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
  return { apollo, options: created.pop()! };
}

it('after the server dropped it for falling behind (4413), retries and re-reads the active queries once reconnected', async () => {
  const { apollo, options } = await wsOptions();
  const refetch = jest.spyOn(apollo.client, 'refetchQueries').mockReturnValue(Promise.resolve([]) as never);
  const dropped = { code: WS_RESYNC, reason: 'Too far behind; reconnect and resync' };
  expect(options.shouldRetry(dropped)).toBe(true);
  options.on.closed(dropped);
  options.on.connected({});
  expect(refetch).toHaveBeenCalledWith({ include: 'active' });
  // Later reconnects after ordinary drops do not re-read.
  options.on.closed({ code: 1006, reason: '' });
  options.on.connected({});
  expect(refetch).toHaveBeenCalledTimes(1);
});
