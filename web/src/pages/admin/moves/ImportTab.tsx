import Box from '@mui/material/Box';
import { CsvImportCard } from './CsvImportCard';
import { useImportMovePlacements } from './useImportMovePlacements';
import { useImportMoves } from './useImportMoves';

/** The two CSV imports: moves into the catalogue, and members' level sheets as placements. */
export function ImportTab() {
  const [importMoves] = useImportMoves();
  const [importPlacements] = useImportMovePlacements();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <CsvImportCard kind="moves" run={async (csv, dryRun) => (await importMoves({ variables: { csv, dryRun } })).data?.importMoves} />
      <CsvImportCard
        kind="placements"
        run={async (csv, dryRun) => (await importPlacements({ variables: { csv, dryRun } })).data?.importMovePlacements}
      />
    </Box>
  );
}
