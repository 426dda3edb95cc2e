import { formatMoney, fullName } from '@studio/rules';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import { useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import { addDays, formatTimestampDay, studioDayStart, todayIso } from '../../../app/dates';
import { errorCode, errorMessage } from '../../../app/errors';
import { FormDateField, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { FormDialog } from '../../../components/FormDialog';
import { MemberPicker, type MemberOption } from '../../../components/MemberPicker';
import { useToast } from '../../../app/toast';
import { type AdminMembershipRowFragment, type AdminPlanFragment } from './adminMemberships.generated';
import { changePlanForm, compForm, pauseForm } from './membershipRules';
import { useCancelMembershipNow } from './useCancelMembershipNow';
import { useChangeMembershipPlan } from './useChangeMembershipPlan';
import { useCompMembership } from './useCompMembership';
import { usePauseMembership } from './usePauseMembership';

/** Pauses (freezes) a membership from one day to another: classes in between are not covered. */
export function PauseDialog({ membership, onClose }: { membership: AdminMembershipRowFragment; onClose: () => void }) {
  const { toast } = useToast();
  const today = todayIso();
  const { control, handleSubmit, setError, getValues } = useZodForm(pauseForm, {
    defaultValues: { from: today, until: addDays(today, 14) },
  });
  const [pause, { loading }] = usePauseMembership();
  const { formError, attempt } = useSubmitRefusal(setError);
  const submit = handleSubmit(async () => {
    await attempt(async () => {
      const { from, until } = getValues();
      await pause({ variables: { id: membership.id, from: studioDayStart(from), until: studioDayStart(until) } });
      toast({ title: 'Membership paused', description: `${membership.holder.name}'s ${membership.plan.name}.`, variant: 'success' });
      onClose();
    });
  });
  return (
    <FormDialog
      title={`Pause ${membership.holder.name}'s membership`}
      onClose={onClose}
      onSubmit={submit}
      busy={loading}
      submitLabel="Pause"
      formError={formError}
    >
      <DialogContentText>
        Classes from the first day until the membership resumes are not covered by {membership.plan.name}.
      </DialogContentText>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <FormDateField control={control} name="from" label="From" required />
        <FormDateField control={control} name="until" label="Resumes on" required />
      </Box>
    </FormDialog>
  );
}

const planLabel = (p: AdminPlanFragment) => `${p.name} · ${formatMoney(p.priceCents)}/${p.interval}`;

/** Gives a member a complimentary membership on a plan, free and renewing until cancelled. */
export function CompDialog({ plans, onClose }: { plans: readonly AdminPlanFragment[]; onClose: () => void }) {
  const { toast } = useToast();
  const { control, handleSubmit, setError, getValues } = useZodForm(compForm, {
    defaultValues: { member: null, planId: '', replace: false },
  });
  const [comp, { loading }] = useCompMembership();
  // The member already has a membership: the API said so, and the admin may choose to replace it.
  const [replaceOffered, setReplaceOffered] = useState(false);
  const { formError, attempt } = useSubmitRefusal(setError, {
    rename: { userId: 'member' },
    onRefusal: (err) => errorCode(err) === 'CONFLICT' && setReplaceOffered(true),
  });
  const submit = handleSubmit(async () => {
    await attempt(async () => {
      const { member, planId, replace } = getValues();
      if (!member) return;
      const { data } = await comp({ variables: { userId: member.id, planId, ...(replace ? { replace: true } : {}) } });
      toast({
        title: 'Membership comped',
        description: `${fullName(member)} now has ${data?.compMembership.plan.name ?? 'the plan'}, free of charge.`,
        variant: 'success',
      });
      onClose();
    });
  });
  return (
    <FormDialog
      title="Comp a membership"
      onClose={onClose}
      onSubmit={submit}
      busy={loading}
      submitLabel="Comp membership"
      formError={formError}
    >
      <DialogContentText>Free of charge, renewing until you cancel it. It covers classes like a paid one.</DialogContentText>
      <Controller
        control={control}
        name="member"
        render={({ field, fieldState }) => (
          <MemberPicker value={field.value as MemberOption | null} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <FormTextField control={control} name="planId" select label="Plan" required>
        {plans.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {planLabel(p)}
            {p.active ? '' : ' (inactive)'}
          </MenuItem>
        ))}
      </FormTextField>
      {replaceOffered && (
        <Controller
          control={control}
          name="replace"
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label="End their current membership now (no refund) and comp this one instead"
            />
          )}
        />
      )}
    </FormDialog>
  );
}

/** Changes a membership's plan from its next billing period (a plan billed at the same interval). */
export function ChangePlanDialog({
  membership,
  plans,
  onClose,
}: {
  membership: AdminMembershipRowFragment;
  plans: readonly AdminPlanFragment[];
  onClose: () => void;
}) {
  const { toast } = useToast();
  const choices = plans.filter((p) => p.interval === membership.plan.interval);
  const { control, handleSubmit, setError, getValues } = useZodForm(changePlanForm, {
    defaultValues: { planId: membership.nextPlan?.id ?? membership.plan.id },
  });
  const [change, { loading }] = useChangeMembershipPlan();
  const { formError, attempt } = useSubmitRefusal(setError);
  const submit = handleSubmit(async () => {
    await attempt(async () => {
      const { planId } = getValues();
      await change({ variables: { id: membership.id, planId } });
      const name = plans.find((p) => p.id === planId)?.name ?? 'the plan';
      toast({
        title: planId === membership.plan.id ? 'Plan change taken back' : 'Plan changes next period',
        description: `${membership.holder.name} is on ${name} from ${formatTimestampDay(membership.currentPeriodEnd)}.`,
        variant: 'success',
      });
      onClose();
    });
  });
  return (
    <FormDialog
      title={`Change ${membership.holder.name}'s plan`}
      onClose={onClose}
      onSubmit={submit}
      busy={loading}
      submitLabel="Change plan"
      formError={formError}
    >
      <DialogContentText>
        {membership.plan.name} stays until {formatTimestampDay(membership.currentPeriodEnd)}; the new plan applies from the next period.
      </DialogContentText>
      <FormTextField control={control} name="planId" select label="Plan from the next period" required>
        {choices.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {planLabel(p)}
            {p.id === membership.plan.id ? ' (current)' : ''}
          </MenuItem>
        ))}
      </FormTextField>
    </FormDialog>
  );
}

/**
 * Ends a membership now (it no longer covers classes), and its subscription. A paid one may also be refunded the
 * unused days of its current period (pro rata, the plan's price at most) to the card of its last payment.
 */
export function CancelNowDialog({ membership, onClose }: { membership: AdminMembershipRowFragment; onClose: () => void }) {
  const { toast } = useToast();
  const [cancel, { loading }] = useCancelMembershipNow();
  const [formError, setFormError] = useState<string | null>(null);
  const [refund, setRefund] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    try {
      const { data } = await cancel({ variables: { id: membership.id, ...(refund ? { refund: true } : {}) } });
      const refunded = data?.cancelMembershipNow.refundedCents ?? 0;
      const ended = `${membership.holder.name}'s ${membership.plan.name} has ended`;
      toast({
        title: refunded > 0 ? 'Membership ended and refunded' : 'Membership ended',
        description: !refund
          ? `${ended}.`
          : refunded > 0
            ? `${ended}. ${formatMoney(refunded)} refunded to their card.`
            : `${ended}. No unused days were left to refund.`,
      });
      onClose();
    } catch (err) {
      setFormError(errorMessage(err));
    }
  };
  return (
    <FormDialog
      title={`End ${membership.holder.name}'s membership now?`}
      onClose={onClose}
      onSubmit={submit}
      busy={loading}
      submitLabel="End now"
      formError={formError}
      destructive
    >
      <DialogContentText>{membership.plan.name} stops covering classes at once and does not renew.</DialogContentText>
      {!membership.comp && (
        <FormControlLabel
          control={<Checkbox checked={refund} onChange={(e) => setRefund(e.target.checked)} />}
          label={`Refund the unused days until ${formatTimestampDay(membership.currentPeriodEnd)} (pro rata, from the last payment)`}
        />
      )}
    </FormDialog>
  );
}
