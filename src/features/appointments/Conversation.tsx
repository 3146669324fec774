import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Actor } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { MESSAGE_MAX_LENGTH, sendMessageBody } from '../../../domain/schemas/appointments.ts';
import { type ConversationMessage, getConversationQueryOptions } from '../../api/appointments.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { OutboxStateBadge } from '../../offline/OfflineMarks.tsx';
import type { OutboxEntry } from '../../offline/outbox.ts';
import { savedMessage } from '../../offline/submit.ts';
import { Button } from '../../ui/Button.tsx';
import { addMessageToCache, messagesOldestFirst } from './cache.ts';
import { messageFromAnswer, submitMessage, useWaitingMessagesFor } from './changes.ts';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';

const PAGE_SIZE = 20;

/**
 * The appointment's conversation: newest at the bottom, earlier pages on request, and a box to
 * write in. Lines the server adds for each change of status show between the messages. Messages go
 * through the outbox: written offline, they show at the bottom marked "Waiting to send" and are
 * sent, in order, when the connection is back.
 */
export function Conversation({ appointmentId, me, to }: { appointmentId: string; me: Actor | null; to: string }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const titleId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const waiting = useWaitingMessagesFor(appointmentId);

  const conversation = useInfiniteQuery({
    ...getConversationQueryOptions(appointmentId, PAGE_SIZE),
  });
  const messages = messagesOldestFirst(conversation.data);
  const newestId = waiting.at(-1)?.id ?? messages.at(-1)?.id;
  const oldestId = messages[0]?.id;

  // A new message at the bottom scrolls it into view; earlier ones loaded above keep the view still.
  const shown = useRef<{ newestId: string | undefined; height: number }>({ newestId: undefined, height: 0 });
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    if (newestId !== shown.current.newestId) log.scrollTop = log.scrollHeight;
    else log.scrollTop += log.scrollHeight - shown.current.height;
    shown.current = { newestId, height: log.scrollHeight };
  }, [newestId, oldestId]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || !user) return;
    const parsed = sendMessageBody.safeParse({ body: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setNotice(undefined);
    setSending(true);
    try {
      const result = await submitMessage(user.id, appointmentId, to, parsed.data.body);
      if (result.status === 'refused') {
        // The draft stays, so nothing typed is lost.
        setError(result.error.message);
        return;
      }
      setDraft('');
      if (result.status === 'sent') {
        const message = messageFromAnswer(result.response);
        if (message) addMessageToCache(queryClient, message);
      } else if (result.status === 'saved') {
        setNotice(savedMessage(result.reason));
      }
    } catch {
      setError('This message could not be kept on this device (its storage may be full). Please try again.');
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <section aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          Conversation
        </h2>
        {conversation.isPending && <Loading inline what="messages" />}
        {conversation.isError && !conversation.data && (
          <LoadError what="the conversation" error={conversation.error} retry={() => void conversation.refetch()} />
        )}
        {conversation.data && (
          <div
            ref={logRef}
            role="log"
            aria-label="Messages"
            tabIndex={0}
            className="flex max-h-[28rem] min-h-32 flex-col gap-2 overflow-y-auto rounded-box bg-base-200 p-3"
          >
            {conversation.hasNextPage && (
              <div className="flex justify-center">
                <Button
                  size="xs"
                  buttonStyle="ghost"
                  variant="neutral"
                  loading={conversation.isFetchingNextPage}
                  onClick={() => void conversation.fetchNextPage()}
                >
                  Load earlier messages
                </Button>
              </div>
            )}
            {messages.length === 0 && waiting.length === 0 && (
              <p className="m-auto text-sm text-base-content/70">No messages yet. Write the first one below.</p>
            )}
            {messages.map((message) => (
              <MessageLine key={message.id} message={message} mine={me !== null && message.authorRole === me} />
            ))}
            {waiting.map((entry) => (
              <WaitingMessageLine key={entry.id} entry={entry} />
            ))}
          </div>
        )}
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
        >
          <TextAreaField
            label="Your message"
            className="w-full"
            rows={2}
            maxLength={MESSAGE_MAX_LENGTH}
            hint="Ctrl+Enter sends."
            value={draft}
            error={error}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" loading={sending} className="sm:mb-5">
            Send
          </Button>
        </form>
        {notice && (
          <p role="status" className="text-sm text-base-content/80">
            {notice}
          </p>
        )}
      </div>
    </section>
  );
}

function MessageLine({ message, mine }: { message: ConversationMessage; mine: boolean }) {
  const when = formatDateTime(message.createdAt);
  if (message.kind === 'EVENT') {
    return (
      <p className="mx-auto max-w-[90%] text-center text-xs text-base-content/70">
        {message.body} <span className="whitespace-nowrap">· {when}</span>
      </p>
    );
  }
  return (
    <div className={`chat ${mine ? 'chat-end' : 'chat-start'}`}>
      <div className="chat-header text-xs">
        {mine ? 'You' : message.authorName}
        <time className="ms-1 opacity-70" dateTime={message.createdAt}>
          {when}
        </time>
      </div>
      <div
        className={`chat-bubble whitespace-pre-wrap break-words ${mine ? 'chat-bubble-primary' : 'bg-base-100 text-base-content'}`}
      >
        {message.body}
      </div>
    </div>
  );
}

/** A message written on this device that has not reached the server yet. */
function WaitingMessageLine({ entry }: { entry: OutboxEntry }) {
  const body = typeof entry.meta?.['body'] === 'string' ? entry.meta['body'] : entry.label;
  const needsUser = entry.state === 'conflict' || entry.state === 'paused-auth';
  return (
    <div role="group" className="chat chat-end" aria-label={`Your message, not sent yet: ${body}`}>
      <div className="chat-header text-xs">You</div>
      <div className="chat-bubble border border-dashed border-primary bg-base-100 whitespace-pre-wrap break-words text-base-content">
        {body}
      </div>
      <div className="chat-footer mt-1 flex items-center gap-2">
        <OutboxStateBadge entry={entry} size="sm" short />
        {needsUser && (
          <Link to="/pending-changes" className="link link-primary text-xs">
            Open Pending changes
          </Link>
        )}
      </div>
    </div>
  );
}
