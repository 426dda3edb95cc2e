import { formatMoney } from '@studio/rules';
import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { type AdminPlanFragment } from './adminMemberships.generated';
import { allowanceText, planInput, planValuesOf } from './membershipRules';
import { PlanDialog } from './PlanDialog';
import { ActiveSwitch, ListState, ListTable } from './membershipLists';
import { useUpdateMembershipPlan } from './useUpdateMembershipPlan';
import { EditIconButton } from '../../../components/EditIconButton';

const coversText = (p: AdminPlanFragment) => (p.coveredApparatus.length ? p.coveredApparatus.map((a) => a.name).join(', ') : 'Every class');
const familyText = (p: AdminPlanFragment) =>
  p.familyMembers ? `+${p.familyMembers} ${p.familyMembers === 1 ? 'child' : 'children'}` : 'Holder only';

/** The plans on offer: create, edit, activate or deactivate. */
export function PlansTab({
  plans,
  apparatuses,
  loading,
  error,
  onRetry,
}: {
  plans: readonly AdminPlanFragment[];
  apparatuses: readonly { id: string; name: string }[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { toast } = useToast();
  const [editing, setEditing] = useState<{ plan: AdminPlanFragment | null } | null>(null);
  const [update] = useUpdateMembershipPlan();
  const setActive = async (plan: AdminPlanFragment, active: boolean) => {
    try {
      await update({ variables: { id: plan.id, input: { ...planInput(planValuesOf(plan)), active } } });
      toast({
        title: active ? 'Plan offered' : 'Plan deactivated',
        description: active ? `${plan.name} is on /memberships.` : `${plan.name} is no longer offered; its memberships continue.`,
      });
    } catch (err) {
      toast({ title: 'That did not work', description: errorMessage(err), variant: 'error' });
    }
  };
  const edit = (plan: AdminPlanFragment) => <EditIconButton name={plan.name} onClick={() => setEditing({ plan })} />;
  const active = (plan: AdminPlanFragment) => (
    <ActiveSwitch checked={plan.active} label={`${plan.name} offered`} onChange={(next) => void setActive(plan, next)} />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">What members subscribe to on /memberships. Inactive plans keep their members.</Typography>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({ plan: null })}>
          New plan
        </Button>
      </Box>
      <ListState loading={loading && !plans.length} error={error} onRetry={onRetry} empty={plans.length ? null : 'No plans yet.'} />
      {plans.length > 0 && (
        <ListTable
          label="Plans"
          rows={plans}
          head={[
            { label: 'Plan' },
            { label: 'Price', align: 'right' },
            { label: 'Classes' },
            { label: 'Class types' },
            { label: 'Family' },
            { label: 'Sign-up fee', align: 'right' },
            { label: 'Active' },
            { label: '' },
          ]}
          cells={(p) => [
            <Typography key="n" variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }}>
              {p.name}
            </Typography>,
            `${formatMoney(p.priceCents)} / ${p.interval}`,
            allowanceText(p),
            coversText(p),
            familyText(p),
            p.signUpFeeCents ? formatMoney(p.signUpFeeCents) : '—',
            active(p),
            edit(p),
          ]}
          card={(p) => (
            <Box sx={{ display: 'grid', gap: 0.5 }} data-testid="plan-card">
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold', overflowWrap: 'anywhere' }}>{p.name}</Typography>
                <Typography sx={{ fontWeight: 'fontWeightBold', whiteSpace: 'nowrap' }}>
                  {formatMoney(p.priceCents)} / {p.interval}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary">
                {allowanceText(p)} · {coversText(p)} · {familyText(p)}
                {p.signUpFeeCents ? ` · ${formatMoney(p.signUpFeeCents)} sign-up fee` : ''}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  {active(p)}
                  <Typography variant="body2">{p.active ? 'Offered' : 'Inactive'}</Typography>
                </Box>
                {edit(p)}
              </Box>
            </Box>
          )}
        />
      )}
      {editing && <PlanDialog plan={editing.plan} apparatuses={apparatuses} onClose={() => setEditing(null)} />}
    </Box>
  );
}
