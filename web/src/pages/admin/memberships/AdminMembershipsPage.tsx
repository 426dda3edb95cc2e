import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../../components/PageFrame';
import { AdminMembershipPlansDocument } from './adminMemberships.generated';
import { MEMBERSHIP_TABS, membershipTab, type MembershipTab } from './AdminMembershipsPage.preload';

import { MembershipsTab } from './MembershipsTab';
import { PacksTab } from './PacksTab';
import { PlansTab } from './PlansTab';

/**
 * /admin/memberships: members' memberships in a server-paged table (status, plan, search) with pause, comp, change of
 * plan and ending now; the plans on offer (create, edit, activate or deactivate); the class packs the shop sells.
 */
export default function AdminMembershipsPage() {
  const [params, setParams] = useSearchParams();
  const tab = membershipTab(params);
  const plansQuery = useQuery(AdminMembershipPlansDocument);
  const plans = plansQuery.data?.membershipPlans ?? [];
  const go = (key: MembershipTab) => setParams(key === 'members' ? {} : { tab: key });

  return (
    <PageFrame title="Membership Management" subtitle="Members' memberships, the plans on offer and the class packs the shop sells.">
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, mt: -1 }}>
        <Tabs
          value={tab}
          onChange={(_, key: MembershipTab) => go(key)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Membership sections"
        >
          {MEMBERSHIP_TABS.map((t) => (
            <Tab key={t.key} value={t.key} label={t.label} id={`membership-tab-${t.key}`} aria-controls={`membership-panel-${t.key}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`membership-panel-${tab}`} aria-labelledby={`membership-tab-${tab}`}>
        {tab === 'members' && <MembershipsTab plans={plans} />}
        {tab === 'plans' && (
          <PlansTab
            plans={plans}
            apparatuses={plansQuery.data?.apparatuses ?? []}
            loading={plansQuery.loading}
            error={plansQuery.error}
            onRetry={() => void plansQuery.refetch()}
          />
        )}
        {tab === 'packs' && <PacksTab />}
      </Box>
    </PageFrame>
  );
}
