import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../../components/PageFrame';
import { ApparatusTab } from './ApparatusTab';
import { BookingRulesTab } from './BookingRulesTab';
import { CLASS_ADMIN_TABS, classAdminTab, type TabKey } from './ClassManagementPage.preload';
import { ClassTypesTab } from './ClassTypesTab';
import { ClassesTab } from './ClassesTab';
import { ClosuresTab } from './ClosuresTab';
import { InstructorsTab } from './InstructorsTab';
import { SeriesTab } from './SeriesTab';

/** /admin/classes: the schedule and everything it is made from, one tab each (the tab is in the address). */
export default function ClassManagementPage() {
  const [params, setParams] = useSearchParams();
  const tab = classAdminTab(params);
  const go = (key: TabKey, extra: Record<string, string> = {}) => setParams({ ...(key === 'classes' ? {} : { tab: key }), ...extra });

  let panel: ReactNode;
  switch (tab) {
    case 'types':
      panel = <ClassTypesTab />;
      break;
    case 'series':
      panel = <SeriesTab onViewSeries={(seriesId) => go('classes', { series: seriesId })} />;
      break;
    case 'closures':
      panel = <ClosuresTab />;
      break;
    case 'apparatus':
      panel = <ApparatusTab />;
      break;
    case 'instructors':
      panel = <InstructorsTab />;
      break;
    case 'rules':
      panel = <BookingRulesTab />;
      break;
    default:
      panel = <ClassesTab />;
  }

  return (
    <PageFrame
      title="Class Management"
      subtitle="The schedule, class types, weekly series, closures, apparatus, instructors and booking rules."
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, mt: -1 }}>
        <Tabs
          value={tab}
          onChange={(_, key: TabKey) => go(key)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Class management sections"
        >
          {CLASS_ADMIN_TABS.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={t.label}
              id={`class-tab-${t.key}`}
              aria-controls={`class-panel-${t.key}`}
              sx={{ minHeight: 48 }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`class-panel-${tab}`} aria-labelledby={`class-tab-${tab}`}>
        {panel}
      </Box>
    </PageFrame>
  );
}
