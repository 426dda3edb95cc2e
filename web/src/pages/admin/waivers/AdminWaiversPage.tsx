import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';
import { formatLongDate } from '../../../app/dates';
import { PageFrame } from '../../../components/PageFrame';
import { AdminWaiverVersionsDocument } from './adminWaivers.generated';
import { WAIVER_TABS, waiverTab, type WaiverTab } from './AdminWaiversPage.preload';
import { WaiverSignaturesTab } from './WaiverSignaturesTab';
import { WaiverVersionsTab } from './WaiverVersionsTab';

/**
 * /admin/waivers: who signed which version and who still has to (students, and minors through their parents), with
 * each signature's record and PDF and a reminder by email; the published versions, and a new one to publish.
 */
export default function AdminWaiversPage() {
  const [params, setParams] = useSearchParams();
  const tab = waiverTab(params);
  const versions = useQuery(AdminWaiverVersionsDocument);
  const list = versions.data?.waiverVersions ?? [];
  const current = list[0];
  const go = (key: WaiverTab) => setParams(key === 'signatures' ? {} : { tab: key });

  return (
    <PageFrame
      title="Waivers"
      subtitle={
        current
          ? `Members sign version ${current.version}: ${current.documentId}, last updated ${formatLongDate(current.lastUpdated)}.`
          : 'Who signed which version of the waiver, and who still has to.'
      }
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, mt: -1 }}>
        <Tabs value={tab} onChange={(_, key: WaiverTab) => go(key)} aria-label="Waiver sections">
          {WAIVER_TABS.map((t) => (
            <Tab key={t.key} value={t.key} label={t.label} id={`waiver-tab-${t.key}`} aria-controls={`waiver-panel-${t.key}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`waiver-panel-${tab}`} aria-labelledby={`waiver-tab-${tab}`}>
        {tab === 'signatures' && <WaiverSignaturesTab currentVersion={current?.version} />}
        {tab === 'versions' && (
          <WaiverVersionsTab versions={list} loading={versions.loading} error={versions.error} onRetry={() => void versions.refetch()} />
        )}
      </Box>
    </PageFrame>
  );
}
