import {
  getOperationAST,
  subscribe,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import type { WebSocket } from 'ws';
import { log, requestScope } from '../logger.js';
import { createContext, type Services } from './context.js';

/**
 * The field extension that marks a subscription whose result depends on nothing but its document and variables
 * (public data, the same for every viewer): its subscribers are multiplexed. Set with `@Extensions(SHARED_LIVE)`.
 * The group's (anonymous) context lives as long as the group: a resolver that reads the database takes a fresh
 * fork per event (`ctx.services.orm.em.fork()`, as landingPageConfigChanged does), never `ctx.em` or `ctx.loaders`.
 */
export const SHARED_LIVE = { liveScope: 'public' } as const;

/** The close code of a socket that fell too far behind: the client reconnects and reads the current state again. */
export const WS_RESYNC = 4413;

/** One subscriber of a group: its socket and the start of its frames (`{"id":"…","type":"next","payload":`). */
interface Member {
  socket: WebSocket;
  prefix: string;
  /** Ends the subscriber's (empty) stream, so graphql-ws sends `complete` and forgets it. */
  end: () => void;
}

interface Group {
  key: string;
  members: Set<Member>;
  /** The one execution of the group's subscription, or why it could not start. */
  source: Promise<AsyncGenerator<ExecutionResult> | ExecutionResult>;
}

/** What onSubscribe hands the `subscribe` hook for a multiplexed operation (instead of a per-subscriber context). */
export class SharedOperation {
  constructor(
    readonly key: string,
    readonly socket: WebSocket,
    readonly id: string,
  ) {}
}

/**
 * Multiplexed subscriptions (DESIGN §6b): subscribers with the same document, variables and access scope form a
 * group; the group's subscription is executed once per event, its result serialized once, and the frame written to
 * every socket of the group. Only subscriptions marked SHARED_LIVE are grouped (their access scope is "public":
 * they run as an anonymous visitor, so a group never sends anything a signed-out visitor could not read);
 * everything else, per-viewer feeds included, runs alone through graphql-ws as before.
 *
 * Writes are not awaited: a slow socket does not hold back the group. A socket whose unsent bytes pass
 * `maxBufferedBytes` is closed with WS_RESYNC; the web client reconnects and re-reads (see web/src/app/apollo.ts).
 */
export class SubscriptionMultiplexer {
  private readonly groups = new Map<string, Group>();
  /** Results executed and serialized so far (one per group per event). */
  private executions = 0;

  constructor(
    private readonly services: Services,
    private readonly schema: GraphQLSchema,
    private readonly formatErrors: (errors: readonly GraphQLError[]) => GraphQLFormattedError[],
    private readonly maxBufferedBytes: number,
  ) {}

  /** The group key of an operation when it may be multiplexed, else null (it runs per subscriber). */
  sharedKey(document: DocumentNode, operationName: string | null | undefined, variables: unknown): string | null {
    const operation = getOperationAST(document, operationName);
    if (operation?.operation !== 'subscription') return null;
    const fields = this.schema.getSubscriptionType()?.getFields();
    for (const selection of operation.selectionSet.selections) {
      if (selection.kind !== 'Field') return null;
      if (selection.name.value === '__typename') continue;
      if (fields?.[selection.name.value]?.extensions?.liveScope !== SHARED_LIVE.liveScope) return null;
    }
    return JSON.stringify([SHARED_LIVE.liveScope, document.loc?.source.body ?? '', operationName ?? null, variables ?? null]);
  }

  /** Adds one subscriber to its group (starting the group); the stream it gets ends when the group does. */
  async join(shared: SharedOperation, args: ExecutionArgs): Promise<AsyncIterableIterator<never> | ExecutionResult> {
    let group = this.groups.get(shared.key);
    if (!group) {
      const started: Group = { key: shared.key, members: new Set(), source: this.start(args) };
      this.groups.set(shared.key, (group = started));
      void started.source.then((source) => {
        if (Symbol.asyncIterator in source) void this.pump(started, source);
        else if (this.groups.get(started.key) === started) this.groups.delete(started.key);
      });
    }
    const source = await group.source;
    if (!(Symbol.asyncIterator in source)) return source; // refused at start: this subscriber gets the errors
    return this.member(group, shared);
  }

  private async start(args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
    // Public scope: the group runs as an anonymous visitor, whoever its subscribers are.
    const contextValue = await createContext(this.services, {});
    return requestScope.run({ requestId: contextValue.requestId }, () => subscribe({ ...args, contextValue })) as Promise<
      AsyncGenerator<ExecutionResult> | ExecutionResult
    >;
  }

  /** The subscriber's stream as graphql-ws sees it: nothing until it ends (frames are written by the group). */
  private member(group: Group, shared: SharedOperation): AsyncIterableIterator<never> {
    let wake: ((r: IteratorResult<never>) => void) | null = null;
    let done = false;
    const finished = { done: true, value: undefined } as IteratorResult<never>;
    const member: Member = {
      socket: shared.socket,
      prefix: `{"id":${JSON.stringify(shared.id)},"type":"next","payload":`,
      end: () => {
        done = true;
        wake?.(finished);
      },
    };
    group.members.add(member);
    const leave = () => {
      member.end();
      this.leave(group, member);
      return Promise.resolve(finished);
    };
    const stream: AsyncIterableIterator<never> = {
      next: () => (done ? Promise.resolve(finished) : new Promise((resolve) => (wake = resolve))),
      return: leave,
      throw: leave,
      [Symbol.asyncIterator]: () => stream,
    };
    return stream;
  }

  private leave(group: Group, member: Member): void {
    if (!group.members.delete(member) || group.members.size > 0) return;
    // The last subscriber left: the group's execution ends (its topic listener goes away with it).
    if (this.groups.get(group.key) === group) this.groups.delete(group.key);
    void group.source.then((source) => (Symbol.asyncIterator in source ? source.return(undefined) : undefined));
  }

  /** Executes once per event, serializes once, writes to every socket of the group. */
  private async pump(group: Group, source: AsyncGenerator<ExecutionResult>): Promise<void> {
    try {
      for await (const result of source) {
        this.executions += 1;
        const { errors, ...rest } = result;
        const payload = JSON.stringify(errors?.length ? { ...rest, errors: this.formatErrors(errors) } : rest);
        for (const member of group.members) this.write(group, member, payload);
      }
    } catch (err) {
      log.warn('shared subscription failed', { message: (err as Error).message });
    }
    if (this.groups.get(group.key) === group) this.groups.delete(group.key);
    for (const member of group.members) member.end();
    group.members.clear();
  }

  private write(group: Group, member: Member, payload: string): void {
    const { socket } = member;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      this.leave(group, member);
      socket.close(WS_RESYNC, 'Too far behind; reconnect and resync');
      return;
    }
    socket.send(member.prefix + payload + '}');
  }

  /** How many groups, subscribers and executions there are (for tests and diagnostics). */
  stats(): { groups: number; subscribers: number; executions: number } {
    let subscribers = 0;
    for (const group of this.groups.values()) subscribers += group.members.size;
    return { groups: this.groups.size, subscribers, executions: this.executions };
  }
}
