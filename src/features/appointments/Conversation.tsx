import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Actor } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { MESSAGE_MAX_LENGTH, sendMessageBody } from '../../../domain/schemas/appointments.ts';
import { appointmentKeys, appointmentsApi, type ConversationMessage } from '../../api/appointments.ts';
import { messageOf } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { addMessageToCache, messagesOldestFirst } from './cache.ts';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { LoadError } from './parts.tsx';

const PAGE_SIZE = 20;

/**
 * The appointment's conversation: newest at the bottom, earlier pages on request, and a box to
 * write in. Lines the server adds for each change of status show between the messages.
 */
export function Conversation({ appointmentId, me }: { appointmentId: string; me: Actor | null }) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();

  const conversation = useInfiniteQuery({
    queryKey: appointmentKeys.conversation(appointmentId),
    queryFn: async ({ pageParam, signal }) =>
      (await appointmentsApi.conversation(appointmentId, { page: pageParam, limit: PAGE_SIZE }, signal)).data,
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
  });
  const messages = messagesOldestFirst(conversation.data);
  const newestId = messages.at(-1)?.id;
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

  const send = useMutation({
    mutationFn: (body: string) => appointmentsApi.sendMessage(appointmentId, { body }),
    onSuccess: ({ data }) => {
      addMessageToCache(queryClient, data);
      setDraft('');
    },
    onError: (err) => setError(messageOf(err)),
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    const parsed = sendMessageBody.safeParse({ body: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data.body);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          Conversation
        </h2>
        {conversation.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-base-content/70">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Loading messages…
          </p>
        )}
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
            {messages.length === 0 && (
              <p className="m-auto text-sm text-base-content/70">No messages yet. Write the first one below.</p>
            )}
            {messages.map((message) => (
              <MessageLine key={message.id} message={message} mine={me !== null && message.authorRole === me} />
            ))}
          </div>
        )}
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
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
          <Button type="submit" loading={send.isPending} className="sm:mb-5">
            Send
          </Button>
        </form>
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
