import { useInbox } from '../../inbox-context.ts';

/** An unread mail's dot; its word is read aloud, the dot is only seen. */
export function UnseenMark() {
  const { t } = useInbox();
  return (
    <>
      <span aria-hidden="true" className="inline-block size-2.5 shrink-0 rounded-full bg-cyan-400 shadow-[0_0_0_3px] shadow-cyan-400/20" />
      <span className="sr-only">{t.list.unseen}: </span>
    </>
  );
}
