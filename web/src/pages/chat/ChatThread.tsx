import { useApolloClient, useMutation, useSubscription } from '@apollo/client/react';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { chatMessage, chatSearch } from '@studio/rules';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { formatTimestamp } from '../../app/dates';
import { errorMessage } from '../../app/errors';
import { setServerErrors, useZodForm } from '../../app/forms';
import type { SessionUser } from '../../app/session';
import { listNames, personName, withinEditWindow, withLinks } from './chatFormat';
import {
  ChatEventsDocument,
  ChatMessagesDocument,
  ChatReceiptsDocument,
  ChatTypingDocument,
  SearchChatDocument,
  type ChatEventsSubscription,
  type ChatMessageFieldsFragment,
  type ChatReceiptFieldsFragment,
  type StaffChatConversationsQuery,
} from './staffChat.generated';
import { useDeleteChatMessage } from './useDeleteChatMessage';
import { useEditChatMessage } from './useEditChatMessage';
import { useMarkChatRead } from './useMarkChatRead';
import { usePageVisible } from './usePageVisible';
import { useSendChatMessage } from './useSendChatMessage';

type Message = ChatMessageFieldsFragment;
type Receipt = ChatReceiptFieldsFragment;
export type ConversationItem = StaffChatConversationsQuery['staffChat']['conversations'][number];

const PAGE = 30;
const TYPING_SHOWN_MS = 4000;
const TYPING_SENT_EVERY_MS = 2500;
const composerSchema = z.object({ body: chatMessage });

function upsert(list: Message[], message: Message): Message[] {
  const i = list.findIndex((m) => m.id === message.id);
  if (i >= 0) return list.map((m) => (m.id === message.id ? message : m));
  return [...list, message].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** One conversation: history paged backwards, live messages, typing, receipts, edit/delete, search and the composer. */
export function ChatThread({ conversation, viewer, onBack }: { conversation: ConversationItem; viewer: SessionUser; onBack?: () => void }) {
  const client = useApolloClient();
  const id = conversation.id;
  const [messages, setMessages] = useState<Message[]>([]);
  const [older, setOlder] = useState<{ hasOlder: boolean; cursor: string | null }>({ hasOlder: false, cursor: null });
  const [receipts, setReceipts] = useState<Receipt[]>([]);
  const [typing, setTyping] = useState<Record<string, { name: string; until: number }>>({});
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const keepBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  const load = useCallback(async () => {
    try {
      const [page, seen] = await Promise.all([
        client.query({ query: ChatMessagesDocument, variables: { conversationId: id, limit: PAGE }, fetchPolicy: 'network-only' }),
        client.query({ query: ChatReceiptsDocument, variables: { conversationId: id }, fetchPolicy: 'network-only' }),
      ]);
      if (!page.data || !seen.data) throw new Error('no data');
      keepBottom.current = true;
      setMessages(page.data.chatMessages.items);
      setOlder({ hasOlder: page.data.chatMessages.hasOlder, cursor: page.data.chatMessages.olderCursor });
      setReceipts(seen.data.chatReceipts);
      setStatus('ready');
    } catch {
      setStatus('failed');
    }
  }, [client, id]);

  // Keyed by the conversation (StaffChatPage), so this runs once per conversation shown; its state is set only once
  // the answers arrive.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an external fetch, its results set after awaiting
    void load();
  }, [load]);

  const started = useRef(false);
  useSubscription(ChatEventsDocument, {
    variables: { conversationId: id },
    fetchPolicy: 'no-cache',
    ignoreResults: true,
    onData: ({ data }) => {
      const event: ChatEventsSubscription['chatEvents'] | undefined = data.data?.chatEvents;
      if (!event) return;
      if (event.kind === 'resync') {
        // The first resync is the subscription starting (the page already loads); later ones follow a gap.
        if (started.current) void load();
        started.current = true;
      } else if (event.message) {
        const message = event.message;
        const atBottom = isNearBottom(scroller.current);
        keepBottom.current = atBottom;
        setMessages((list) => upsert(list, message));
        const authorId = message.author?.id;
        if (authorId) setTyping((t) => Object.fromEntries(Object.entries(t).filter(([who]) => who !== authorId)));
      } else if (event.kind === 'typing' && event.user) {
        const who = event.user;
        setTyping((t) => ({ ...t, [who.id]: { name: who.firstName, until: Date.now() + TYPING_SHOWN_MS } }));
      } else if (event.receipt) {
        const receipt = event.receipt;
        setReceipts((list) => [receipt, ...list.filter((r) => r.user.id !== receipt.user.id)]);
      }
    },
  });

  // Typing notes fade out by themselves.
  useEffect(() => {
    const names = Object.values(typing);
    if (!names.length) return;
    const next = Math.min(...names.map((t) => t.until)) - Date.now();
    const timer = setTimeout(
      () => setTyping((t) => Object.fromEntries(Object.entries(t).filter(([, v]) => v.until > Date.now()))),
      Math.max(next, 50),
    );
    return () => clearTimeout(timer);
  }, [typing]);

  // Read up to the newest message as soon as it is shown — on screen, that is: in a background tab it stays unread
  // (and messages arriving meanwhile keep counting) until the tab is visible again.
  const [markRead] = useMarkChatRead();
  const visible = usePageVisible();
  const lastMarked = useRef<string | null>(null);
  const last = messages.at(-1);
  useEffect(() => {
    if (status !== 'ready' || !visible || !last || lastMarked.current === last.id) return;
    lastMarked.current = last.id;
    const mine = receipts.find((r) => r.user.id === viewer.id);
    if (mine?.lastReadMessageId === last.id) return;
    void markRead({ variables: { conversationId: id, messageId: last.id } }).catch(() => undefined);
  }, [status, visible, last, receipts, viewer.id, id, markRead]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop = el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (keepBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const loadOlder = async () => {
    if (!older.cursor) return;
    setLoadingOlder(true);
    try {
      const page = await client.query({
        query: ChatMessagesDocument,
        variables: { conversationId: id, before: older.cursor, limit: PAGE },
        fetchPolicy: 'network-only',
      });
      if (page.data) {
        heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
        keepBottom.current = false;
        setMessages((list) => [...page.data!.chatMessages.items, ...list]);
        setOlder({ hasOlder: page.data.chatMessages.hasOlder, cursor: page.data.chatMessages.olderCursor });
      }
    } finally {
      setLoadingOlder(false);
    }
  };

  const seenBy =
    last && !last.deletedAt
      ? receipts
          .filter((r) => r.user.id !== viewer.id && r.user.id !== last.author?.id)
          .filter((r) => {
            const at = messages.findIndex((m) => m.id === r.lastReadMessageId);
            return at >= messages.length - 1;
          })
          .map((r) => r.user.firstName)
      : [];
  const typingNames = Object.values(typing).map((t) => t.name);
  const [searching, setSearching] = useState(false);

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0, height: '100%' }}
      aria-label={conversation.title}
      component="section"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 1, sm: 2 }, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        {onBack && (
          <IconButton aria-label="Back to conversations" onClick={onBack} edge="start">
            <ArrowBackRounded />
          </IconButton>
        )}
        <Typography component="h2" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {conversation.title}
        </Typography>
        <IconButton aria-label={searching ? 'Close search' : 'Search this conversation'} onClick={() => setSearching((s) => !s)}>
          {searching ? <CloseRounded /> : <SearchRounded />}
        </IconButton>
      </Box>
      {searching && <ChatSearch conversationId={id} />}
      <Box
        ref={scroller}
        onScroll={() => (keepBottom.current = isNearBottom(scroller.current))}
        sx={{ flexGrow: 1, overflowY: 'auto', px: { xs: 1.5, sm: 2.5 }, py: 2, bgcolor: 'grey.50' }}
        data-testid="chat-messages"
      >
        {status === 'loading' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading messages" />
          </Box>
        )}
        {status === 'failed' && (
          <Alert severity="error" action={<Button onClick={() => void load()}>Try again</Button>}>
            The messages could not be loaded.
          </Alert>
        )}
        {status === 'ready' && older.hasOlder && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <Button size="small" variant="outlined" onClick={() => void loadOlder()} disabled={loadingOlder}>
              {loadingOlder ? 'Loading…' : 'Load older messages'}
            </Button>
          </Box>
        )}
        {status === 'ready' && messages.length === 0 && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
            No messages yet. Say hello!
          </Typography>
        )}
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
          {messages.map((m) => (
            <MessageBubble key={m.id} message={m} viewer={viewer} onChanged={(changed) => setMessages((list) => upsert(list, changed))} />
          ))}
        </Box>
        {seenBy.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: 'right', mt: 0.5 }} data-testid="seen-by">
            Seen by {listNames(seenBy)}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ px: 2.5, minHeight: 20, display: 'block' }} aria-live="polite">
        {typingNames.length > 0 ? `${listNames(typingNames)} ${typingNames.length > 1 ? 'are' : 'is'} typing…` : ''}
      </Typography>
      <Composer conversationId={id} onSent={(m) => ((keepBottom.current = true), setMessages((list) => upsert(list, m)))} />
    </Box>
  );
}

function isNearBottom(el: HTMLElement | null): boolean {
  return !el || el.scrollHeight - el.scrollTop - el.clientHeight < 80;
}

function MessageBubble({ message, viewer, onChanged }: { message: Message; viewer: SessionUser; onChanged: (m: Message) => void }) {
  const mine = message.author?.id === viewer.id;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [remove] = useDeleteChatMessage();
  const canEdit = mine && !message.deletedAt && message.source === 'chat' && withinEditWindow(message.createdAt);
  const canDelete = !message.deletedAt && ((mine && withinEditWindow(message.createdAt)) || viewer.role === 'admin');
  const time = formatTimestamp(message.createdAt, true);
  return (
    <Box component="li" sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }}>
      <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
        {mine ? 'You' : personName(message.author)}
        {message.source === 'feedback' ? ' · Feedback' : ''} · {time}
        {message.editedAt && !message.deletedAt ? ' · edited' : ''}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 0.5,
          maxWidth: { xs: '92%', sm: '75%' },
          flexDirection: mine ? 'row-reverse' : 'row',
        }}
      >
        {message.deletedAt ? (
          <Typography
            sx={{ fontStyle: 'italic', color: 'text.secondary', px: 1.5, py: 1, borderRadius: 2, border: 1, borderColor: 'divider' }}
            data-testid="deleted-message"
          >
            Message deleted by {message.deletedBy?.id === message.author?.id ? 'its author' : personName(message.deletedBy)} ·{' '}
            {formatTimestamp(message.deletedAt, true)}
          </Typography>
        ) : editing ? (
          <EditForm message={message} onDone={(changed) => (changed && onChanged(changed), setEditing(false))} />
        ) : (
          <Typography
            component="div"
            sx={{
              px: 1.5,
              py: 1,
              borderRadius: 2.5,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              bgcolor: mine ? 'primary.main' : 'background.paper',
              color: mine ? 'primary.contrastText' : 'text.primary',
              border: mine ? 0 : 1,
              borderColor: 'divider',
              '& a': { color: 'inherit' },
            }}
          >
            {withLinks(message.body)}
          </Typography>
        )}
        {(canEdit || canDelete) && !editing && (
          <>
            <IconButton size="small" aria-label={`Message actions (${time})`} onClick={(e) => setAnchor(e.currentTarget)}>
              <MoreVertRounded fontSize="small" />
            </IconButton>
            <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
              {canEdit && <MenuItem onClick={() => (setAnchor(null), setEditing(true))}>Edit</MenuItem>}
              {canDelete && (
                <MenuItem
                  onClick={async () => {
                    setAnchor(null);
                    try {
                      const res = await remove({ variables: { messageId: message.id } });
                      if (res.data) onChanged(res.data.deleteChatMessage);
                    } catch (e) {
                      setFailure(errorMessage(e));
                    }
                  }}
                >
                  {mine ? 'Delete' : 'Delete (moderation)'}
                </MenuItem>
              )}
            </Menu>
          </>
        )}
      </Box>
      {failure && (
        <Typography variant="caption" color="error" role="alert">
          {failure}
        </Typography>
      )}
    </Box>
  );
}

function EditForm({ message, onDone }: { message: Message; onDone: (changed: Message | null) => void }) {
  const [edit, { loading }] = useEditChatMessage();
  const { register, handleSubmit, setError, formState } = useZodForm(composerSchema, { defaultValues: { body: message.body } });
  const save = handleSubmit(async ({ body }) => {
    try {
      const res = await edit({ variables: { messageId: message.id, body } });
      onDone(res.data?.editChatMessage ?? null);
    } catch (e) {
      if (!Object.keys(setServerErrors(e, setError)).length) setError('body', { message: errorMessage(e) });
    }
  });
  return (
    <Box component="form" onSubmit={save} sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: { xs: 240, sm: 360 } }}>
      <TextField
        {...register('body')}
        label="Edit message"
        multiline
        maxRows={6}
        size="small"
        autoFocus
        error={Boolean(formState.errors.body)}
        helperText={formState.errors.body?.message}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button size="small" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button size="small" variant="contained" type="submit" disabled={loading}>
          Save
        </Button>
      </Box>
    </Box>
  );
}

function Composer({ conversationId, onSent }: { conversationId: string; onSent: (m: Message) => void }) {
  const [send, { loading }] = useSendChatMessage();
  const [announceTyping] = useMutation(ChatTypingDocument);
  const lastTyping = useRef(0);
  const { register, handleSubmit, setError, reset, watch, formState } = useZodForm(composerSchema, { defaultValues: { body: '' } });
  const body = watch('body');
  const submit = handleSubmit(async (values) => {
    try {
      const res = await send({ variables: { conversationId, body: values.body } });
      if (res.data) onSent(res.data.sendChatMessage);
      reset({ body: '' });
    } catch (e) {
      if (!Object.keys(setServerErrors(e, setError)).length) setError('body', { message: errorMessage(e) });
    }
  });
  const field = register('body');
  const announce = () => {
    const at = Date.now();
    if (at - lastTyping.current < TYPING_SENT_EVERY_MS) return;
    lastTyping.current = at;
    void announceTyping({ variables: { conversationId } }).catch(() => undefined);
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-end', p: { xs: 1, sm: 1.5 }, borderTop: 1, borderColor: 'divider' }}
    >
      <TextField
        {...field}
        onChange={(e) => {
          void field.onChange(e);
          announce();
        }}
        fullWidth
        multiline
        maxRows={5}
        size="small"
        placeholder="Write a message…"
        slotProps={{ htmlInput: { 'aria-label': 'Message' } }}
        error={Boolean(formState.errors.body)}
        helperText={formState.errors.body?.message ?? (body.length > 1800 ? `${body.length} / 2,000` : undefined)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={loading || !body.trim()}
        aria-label="Send"
        sx={{ minWidth: 0, px: 2, height: 40 }}
      >
        <SendRounded fontSize="small" />
      </Button>
    </Box>
  );
}

function ChatSearch({ conversationId }: { conversationId: string }) {
  const client = useApolloClient();
  const [results, setResults] = useState<Message[] | null>(null);
  const { register, handleSubmit, formState, setError } = useZodForm(z.object({ query: chatSearch }), { defaultValues: { query: '' } });
  const search = handleSubmit(async ({ query }) => {
    try {
      const res = await client.query({ query: SearchChatDocument, variables: { conversationId, query }, fetchPolicy: 'network-only' });
      setResults(res.data?.searchChat ?? []);
    } catch (e) {
      setError('query', { message: errorMessage(e) });
    }
  });
  return (
    <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', maxHeight: '45%', overflowY: 'auto' }}>
      <Box component="form" onSubmit={search} role="search" sx={{ display: 'flex', gap: 1 }}>
        <TextField
          {...register('query')}
          size="small"
          fullWidth
          autoFocus
          placeholder="Search messages"
          slotProps={{ htmlInput: { 'aria-label': 'Search messages' } }}
          error={Boolean(formState.errors.query)}
          helperText={formState.errors.query?.message}
        />
        <Button type="submit" variant="outlined">
          Search
        </Button>
      </Box>
      {results && (
        <Box sx={{ mt: 1 }} aria-live="polite">
          <Typography variant="body2" color="text.secondary">
            {results.length === 0 ? 'No messages found.' : `${results.length} message${results.length === 1 ? '' : 's'} found`}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {results.map((m) => (
              <Box component="li" key={m.id} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="caption" color="text.secondary">
                  {personName(m.author)} · {formatTimestamp(m.createdAt, true)}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {withLinks(m.body)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
