import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../../components/PageFrame';
import { ComposeMailing } from './ComposeMailing';
import { MailingHistory } from './MailingHistory';
import { OutboxList } from './OutboxList';

const TABS = ['compose', 'sent', 'outbox'] as const;

/** /admin/email: write a mailing to members, follow what was sent, and read every email in the outbox. */
export default function EmailPage() {
  const [params, setParams] = useSearchParams();
  const tab = Math.max(0, TABS.indexOf((params.get('tab') ?? 'compose') as (typeof TABS)[number]));
  const go = (i: number) => setParams(i === 0 ? {} : { tab: TABS[i] }, { replace: true });
  return (
    <PageFrame title="Email" subtitle="Mailings to groups, roles, class rosters or chosen members, and every email the studio sends.">
      <Tabs value={tab} onChange={(_e, i: number) => go(i)} sx={{ mb: 2 }} aria-label="Email">
        <Tab label="Compose" />
        <Tab label="Sent" />
        <Tab label="Outbox" />
      </Tabs>
      {tab === 0 && <ComposeMailing onSent={() => go(1)} />}
      {tab === 1 && <MailingHistory />}
      {tab === 2 && <OutboxList />}
    </PageFrame>
  );
}
