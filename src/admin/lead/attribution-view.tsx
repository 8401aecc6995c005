// Where a lead came from: the first touch of the visit that booked (shared/attribution.ts), each tag the
// visit carried; the source and the campaign link to the list of the leads that share them.
import { ATTRIBUTION_KEYS } from '../../shared/attribution.ts';
import type { LeadDetail } from '../../shared/inbox.ts';
import { DetailList } from '../components/detail-list.tsx';
import { useInbox } from '../inbox-context.ts';
import { searchOf } from '../leads/filters/filters.ts';
import { Link } from '../navigation.tsx';
import { INBOX_PATH } from '../routes.ts';

export function AttributionView({ lead }: { lead: LeadDetail }) {
  const { t } = useInbox();
  const present = ATTRIBUTION_KEYS.filter((key) => lead[key]);
  if (!present.length) return <p className="text-sm text-slate-400">{t.lead.attributionNone}</p>;
  const filterLink = (filter: 'source' | 'campaign', value: string, label: string) => (
    <Link
      href={INBOX_PATH + searchOf({ [filter]: value })}
      title={label}
      className="break-all text-cyan-300 underline-offset-4 hover:underline"
    >
      {value}
      <span className="sr-only"> ({label})</span>
    </Link>
  );
  return (
    <DetailList
      rows={present.map((key) => {
        const value = lead[key]!;
        const shown =
          key === 'utm_source'
            ? filterLink('source', value, t.lead.sameSource)
            : key === 'utm_campaign'
              ? filterLink('campaign', value, t.lead.sameCampaign)
              : <span className="break-all">{value}</span>;
        return [t.lead.attribution[key], shown];
      })}
    />
  );
}
