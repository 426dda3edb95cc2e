import { formatMoney } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { AdminClassPacksDocument, type AdminPackFragment } from './adminMemberships.generated';
import { packInput, packValuesOf } from './membershipRules';
import { PackDialog } from './PackDialog';
import { useUpdateClassPackProduct } from './useUpdateClassPackProduct';
import { ActiveSwitch, ListState, ListTable } from './membershipLists';
import { EditIconButton } from '../../../components/EditIconButton';

/** The class packs the shop sells. */
export function PacksTab() {
  const { toast } = useToast();
  const { data, loading, error, refetch } = useQuery(AdminClassPacksDocument);
  const packs = data?.classPackProducts ?? [];
  const [editing, setEditing] = useState<{ pack: AdminPackFragment | null } | null>(null);
  const [update] = useUpdateClassPackProduct();
  const setActive = async (pack: AdminPackFragment, active: boolean) => {
    try {
      await update({ variables: { id: pack.id, input: { ...packInput(packValuesOf(pack)), active } } });
      toast({ title: active ? 'Class pack on sale' : 'Class pack off sale', description: pack.name });
    } catch (err) {
      toast({ title: 'That did not work', description: errorMessage(err), variant: 'error' });
    }
  };
  const edit = (pack: AdminPackFragment) => <EditIconButton name={pack.name} onClick={() => setEditing({ pack })} />;
  const active = (pack: AdminPackFragment) => (
    <ActiveSwitch checked={pack.active} label={`${pack.name} on sale`} onChange={(next) => void setActive(pack, next)} />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">Sold in the shop: each one bought gives the member N classes valid D days.</Typography>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({ pack: null })}>
          New class pack
        </Button>
      </Box>
      <ListState loading={loading} error={error} onRetry={() => void refetch()} empty={packs.length ? null : 'No class packs yet.'} />
      {packs.length > 0 && (
        <ListTable
          label="Class packs"
          rows={packs}
          head={[
            { label: 'Class pack' },
            { label: 'Price', align: 'right' },
            { label: 'Classes', align: 'right' },
            { label: 'Valid for' },
            { label: 'On sale' },
            { label: '' },
          ]}
          cells={(p) => [
            <Typography key="n" variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }}>
              {p.name}
            </Typography>,
            formatMoney(p.priceCents),
            p.packClasses,
            `${p.packValidDays} days`,
            active(p),
            edit(p),
          ]}
          card={(p) => (
            <Box sx={{ display: 'grid', gap: 0.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold', overflowWrap: 'anywhere' }}>{p.name}</Typography>
                <Typography sx={{ fontWeight: 'fontWeightBold' }}>{formatMoney(p.priceCents)}</Typography>
              </Box>
              <Typography variant="body2" color="text.secondary">
                {p.packClasses} classes · valid {p.packValidDays} days
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  {active(p)}
                  <Typography variant="body2">{p.active ? 'On sale' : 'Off sale'}</Typography>
                </Box>
                {edit(p)}
              </Box>
            </Box>
          )}
        />
      )}
      {editing && <PackDialog pack={editing.pack} onClose={() => setEditing(null)} />}
    </Box>
  );
}
