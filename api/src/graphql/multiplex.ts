import {
  execute,
  getArgumentValues,
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
import { Context, createContext, type Services } from './context.js';
import { AppError, unauthenticated } from './errors.js';
import { RESYNC, type LiveResult, type ScopedLive, type Viewer } from './live.js';

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
  /** Extensions of this subscriber's first frame only (an API key's cost), or null. */
  extensions?: Record<string, unknown> | null;
}

interface Group {
  key: string;
  members: Set<Member>;
  /** The one execution of the group's subscription, or why it could not start. */
  source: Promise<AsyncGenerator<ExecutionResult> | ExecutionResult>;
}

/** What onSubscribe hands the `subscribe` hook for a multiplexed operation (instead of a per-subscriber context). */
export class SharedOperation {
  /** Extensions of the subscriber's first frame (an API key's `cost`: what starting the subscription was charged). */
  firstExtensions: Record<string, unknown> | null = null;

  constructor(
    readonly key: string,
    readonly socket: WebSocket,
    readonly id: string,
  ) {}
}

/** A per-viewer feed's subscriber (a field marked with `viewerLive`): its own context besides its socket. */
export class ScopedOperation extends SharedOperation {
  constructor(
    key: string,
    socket: WebSocket,
    id: string,
    /** Who subscribed; once the first frame is sent, only who they are (graphql-ws keeps this object as long). */
    public context: Context,
    readonly spec: ScopedLive<never>,
    readonly fieldArgs: Record<string, unknown>,
  ) {
    super(key, socket, id);
  }
}

/** What a per-viewer operation needs to join its group. */
export interface ScopedKey {
  key: string;
  spec: ScopedLive<never>;
  fieldArgs: Record<string, unknown>;
}

interface ScopedMember extends Member {
  /** Who subscribed: at first their context as they subscribed, then only who they are (see `first`). */
  context: Context;
  /** Has had its first frame (the resync read alone): events before it are not its. */
  ready: boolean;
}

interface ScopedGroup {
  key: string;
  spec: ScopedLive<never>;
  fieldArgs: Record<string, unknown>;
  /** The first subscriber's arguments: the document and variables every member shares. */
  args: ExecutionArgs;
  members: Set<ScopedMember>;
  events: AsyncIterableIterator<object>;
}

/**
 * Multiplexed subscriptions: subscribers with the same document, variables and access scope form a
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
  private readonly scopedGroups = new Map<string, ScopedGroup>();
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

  /**
   * The group of a per-viewer feed marked `viewerLive` (one field besides __typename): subscribers with the same
   * document and variables share the group's event stream, and per event those of one scope share a read and a frame.
   */
  scopedKey(document: DocumentNode, operationName: string | null | undefined, variables: unknown): ScopedKey | null {
    const operation = getOperationAST(document, operationName);
    if (operation?.operation !== 'subscription') return null;
    const fields = this.schema.getSubscriptionType()?.getFields();
    const selected = operation.selectionSet.selections.filter((s) => s.kind !== 'Field' || s.name.value !== '__typename');
    const [only] = selected;
    if (selected.length !== 1 || only.kind !== 'Field') return null;
    const field = fields?.[only.name.value];
    const spec = field?.extensions?.scopedLive as ScopedLive<never> | undefined;
    if (field?.extensions?.liveScope !== 'viewer' || !spec) return null;
    let fieldArgs: Record<string, unknown>;
    try {
      fieldArgs = getArgumentValues(field, only, (variables ?? {}) as Record<string, unknown>);
    } catch {
      return null; // malformed arguments: the subscriber runs alone and gets graphql's own error
    }
    const key = JSON.stringify(['viewer', document.loc?.source.body ?? '', operationName ?? null, variables ?? null]);
    return { key, spec, fieldArgs };
  }

  /** Adds one subscriber to its group (starting the group); the stream it gets ends when the group does. */
  async join(shared: SharedOperation, args: ExecutionArgs): Promise<AsyncIterableIterator<never> | ExecutionResult> {
    if (shared instanceof ScopedOperation) return this.joinScoped(shared, args);
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
    const member: Member = { socket: shared.socket, prefix: '', end: () => undefined };
    group.members.add(member);
    return this.stream(member, shared, () => this.leave(group, member));
  }

  private stream(member: Member, shared: SharedOperation, left: () => void): AsyncIterableIterator<never> {
    let wake: ((r: IteratorResult<never>) => void) | null = null;
    let done = false;
    const finished = { done: true, value: undefined } as IteratorResult<never>;
    member.prefix = `{"id":${JSON.stringify(shared.id)},"type":"next","payload":`;
    member.extensions = shared.firstExtensions;
    member.end = () => {
      done = true;
      wake?.(finished);
    };
    const leave = () => {
      member.end();
      left();
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
        for (const member of group.members) this.write(group, member, payload, () => this.leave(group, member));
      }
    } catch (err) {
      // The group's stream failed (it overflowed, or its resolver threw): its subscribers would miss events, so
      // they reconnect and read the current state again rather than hear nothing more.
      log.warn('shared subscription failed', { message: (err as Error).message });
      for (const member of [...group.members]) this.resync(member, () => this.leave(group, member));
    }
    if (this.groups.get(group.key) === group) this.groups.delete(group.key);
    for (const member of group.members) member.end();
    group.members.clear();
  }

  private write(_group: Group | null, member: Member, payload: string, left: () => void): void {
    const { socket } = member;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.maxBufferedBytes) return this.resync(member, left);
    const { extensions } = member;
    if (extensions) {
      // One subscriber's own frame (rare: an API key's first), written apart from the group's shared one.
      member.extensions = null;
      const result = JSON.parse(payload) as ExecutionResult;
      payload = JSON.stringify({ ...result, extensions: { ...result.extensions, ...extensions } });
    }
    socket.send(member.prefix + payload + '}');
  }

  /** How many groups, subscribers and executions there are (for tests and diagnostics). */
  stats(): { groups: number; subscribers: number; executions: number } {
    let subscribers = 0;
    for (const group of this.groups.values()) subscribers += group.members.size;
    for (const group of this.scopedGroups.values()) subscribers += group.members.size;
    return { groups: this.groups.size + this.scopedGroups.size, subscribers, executions: this.executions };
  }

  // ── per-viewer feeds (viewerLive) ───────────────────────────────────────────────────────────────────────────

  private async joinScoped(op: ScopedOperation, args: ExecutionArgs): Promise<AsyncIterableIterator<never> | ExecutionResult> {
    try {
      op.spec.admit(op.context, op.fieldArgs as never);
    } catch (err) {
      if (err instanceof AppError) return { errors: [err] };
      throw err;
    }
    let group = this.scopedGroups.get(op.key);
    if (!group) {
      const events = this.services.pubsub.subscribeKey(op.spec.topic, op.spec.key(op.fieldArgs as never)) as AsyncIterableIterator<object>;
      const started: ScopedGroup = { key: op.key, spec: op.spec, fieldArgs: op.fieldArgs, args, members: new Set(), events };
      this.scopedGroups.set(op.key, (group = started));
      void this.pumpScoped(started);
    }
    const joined = group;
    const member: ScopedMember = { socket: op.socket, prefix: '', end: () => undefined, context: op.context, ready: false };
    joined.members.add(member);
    const stream = this.stream(member, op, () => this.leaveScoped(joined, member));
    // The first frame is the member's own: RESYNC read alone with its context (authorised when it subscribed).
    void this.first(joined, member, op);
    return stream;
  }

  private async first(group: ScopedGroup, member: ScopedMember, op: ScopedOperation): Promise<void> {
    const viewer = member.context as Viewer;
    let root: LiveResult<unknown>;
    try {
      const value = await group.spec.read(viewer, RESYNC, group.fieldArgs as never);
      if (value === null) {
        member.ready = true;
        return;
      }
      root = { value };
    } catch (err) {
      if (!(err instanceof AppError)) {
        log.warn('live feed failed to start', { message: (err as Error).message });
        return this.refuse(group, member, unauthenticated('Your live updates stopped. Please reload.'));
      }
      root = { refused: err };
    }
    const payload = await this.frame(group.args, viewer, root);
    this.write(null, member, payload, () => this.leaveScoped(group, member));
    if ('refused' in root) return this.endScoped(group, member);
    // What the member keeps: who they are (id and role, checked again per event), not an entity manager.
    const { id, role } = viewer.user as unknown as { id: string; role: string };
    const { services, token, sessionId, ip, userAgent } = viewer;
    member.context = op.context = new Context(services, { id, role } as Viewer['user'], token, sessionId, ip, userAgent);
    member.ready = true;
  }

  /**
   * One event: every member authorised again in one statement, one read and one frame per scope. What it prepares
   * (the checks, reads and frames) runs while earlier events are still being prepared; what it returns writes the
   * frames, and the group applies those in the events' order.
   */
  private async prepareScoped(group: ScopedGroup, event: object): Promise<() => void> {
    const members = [...group.members].filter((m) => m.ready);
    if (members.length === 0) return () => undefined;
    const now = await this.services.auth.sessionUsers(
      this.services.orm.em,
      members.map((m) => m.context.sessionId ?? ''),
    );
    const scopes = new Map<string, ScopedMember[]>();
    const ended: ScopedMember[] = [];
    for (const member of members) {
      const user = member.context.sessionId ? now.get(member.context.sessionId) : undefined;
      if (!user || user.id !== member.context.user?.id) {
        ended.push(member);
        continue;
      }
      const scope = group.spec.scope(user, event as never, group.fieldArgs as never);
      const list = scopes.get(scope);
      if (list) list.push(member);
      else scopes.set(scope, [member]);
    }
    const frames = await Promise.all(
      [...scopes.values()].map(async (list): Promise<{ list: ScopedMember[]; payload: string; refused: boolean } | null> => {
        // The scope's reader: the first member, as the database said just now, with an entity manager of its own.
        const reader = list[0].context;
        const row = (await this.services.auth.sessionUsers(this.services.orm.em, [reader.sessionId!], true)).get(reader.sessionId!);
        if (!row) {
          ended.push(...list);
          return null;
        }
        const signedIn = this.services.auth.userFromRow(this.services.orm.em, row);
        const { services, token, sessionId, ip, userAgent } = reader;
        const viewer = new Context(services, signedIn.user, token, sessionId, ip, userAgent, signedIn.em) as Viewer;
        let root: LiveResult<unknown>;
        try {
          const value = await group.spec.read(viewer, event as never, group.fieldArgs as never);
          if (value === null) return null;
          root = { value };
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          root = { refused: err };
        }
        return { list, payload: await this.frame(group.args, viewer, root), refused: 'refused' in root };
      }),
    );
    return () => {
      for (const member of ended) void this.refuse(group, member, unauthenticated('Your session has ended. Please sign in again.'));
      for (const frame of frames) {
        if (!frame) continue;
        for (const member of frame.list) {
          if (!member.ready) continue; // refused meanwhile
          this.write(null, member, frame.payload, () => this.leaveScoped(group, member));
          if (frame.refused) {
            member.ready = false;
            this.endScoped(group, member);
          }
        }
      }
    };
  }

  private async refuse(group: ScopedGroup, member: ScopedMember, error: AppError): Promise<void> {
    if (!group.members.has(member)) return;
    member.ready = false;
    const payload = await this.frame(group.args, member.context, { refused: error });
    this.write(null, member, payload, () => undefined);
    this.endScoped(group, member);
  }

  /** Executes the field once for a root value (the read, or the refusal its resolver throws) and serializes it. */
  private async frame(args: ExecutionArgs, viewer: Context, root: LiveResult<unknown>): Promise<string> {
    this.executions += 1;
    const result = await requestScope.run({ requestId: viewer.requestId }, () =>
      execute({ ...args, contextValue: viewer, rootValue: root }),
    );
    const { errors, ...rest } = result as ExecutionResult;
    return JSON.stringify(errors?.length ? { ...rest, errors: this.formatErrors(errors) } : rest);
  }

  private endScoped(group: ScopedGroup, member: ScopedMember): void {
    member.end();
    this.leaveScoped(group, member);
  }

  private leaveScoped(group: ScopedGroup, member: ScopedMember): void {
    if (!group.members.delete(member) || group.members.size > 0) return;
    if (this.scopedGroups.get(group.key) === group) this.scopedGroups.delete(group.key);
    void group.events.return?.();
  }

  private async pumpScoped(group: ScopedGroup): Promise<void> {
    // Events are prepared as they come (the database answers several at once) and written in their order.
    let written: Promise<void> = Promise.resolve();
    const failed = (err: unknown) => {
      // A failed read (the database away) costs this event: its members reconnect and resync instead.
      log.warn('live feed event failed', { message: (err as Error).message });
      for (const member of group.members) this.resync(member, () => this.leaveScoped(group, member));
    };
    try {
      for await (const event of group.events) {
        const prepared = this.prepareScoped(group, event);
        prepared.catch(() => undefined); // handled in order below
        // A link that failed must not stop the ones after it (a rejected chain would skip every later event).
        written = written.then(() => prepared.then((write) => write(), failed)).catch(failed);
      }
    } catch (err) {
      failed(err);
    }
    await written;
    if (this.scopedGroups.get(group.key) === group) this.scopedGroups.delete(group.key);
    for (const member of group.members) member.end();
    group.members.clear();
  }

  /** Closes a member's socket with WS_RESYNC: the client reconnects and reads the current state again. */
  private resync(member: Member, left: () => void): void {
    left();
    if (member.socket.readyState === member.socket.OPEN) member.socket.close(WS_RESYNC, 'Too far behind; reconnect and resync');
  }
}
