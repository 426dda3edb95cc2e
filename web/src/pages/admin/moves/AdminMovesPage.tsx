import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../../components/PageFrame';
import { MOVE_ADMIN_TABS, moveAdminTab, type MoveTabKey } from './AdminMovesPage.preload';
import { ImportTab } from './ImportTab';
import { LevelsTab } from './LevelsTab';
import { MovesTab } from './MovesTab';

/** /admin/moves: the moves of each apparatus, its levels as sets of required moves, and CSV imports (tab in the address). */
export default function AdminMovesPage() {
  const [params, setParams] = useSearchParams();
  const tab = moveAdminTab(params);
  const go = (key: MoveTabKey) => setParams(key === 'moves' ? {} : { tab: key });

  let panel: ReactNode;
  switch (tab) {
    case 'levels':
      panel = <LevelsTab />;
      break;
    case 'import':
      panel = <ImportTab />;
      break;
    default:
      panel = <MovesTab />;
  }

  return (
    <PageFrame
      title="Moves Library"
      subtitle="The moves taught on each apparatus, the moves each level requires, and CSV imports of moves and level sheets."
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, mt: -1 }}>
        <Tabs value={tab} onChange={(_, key: MoveTabKey) => go(key)} variant="scrollable" scrollButtons="auto" aria-label="Moves sections">
          {MOVE_ADMIN_TABS.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={t.label}
              id={`moves-tab-${t.key}`}
              aria-controls={`moves-panel-${t.key}`}
              sx={{ minHeight: 48 }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`moves-panel-${tab}`} aria-labelledby={`moves-tab-${tab}`}>
        {panel}
      </Box>
    </PageFrame>
  );
}
