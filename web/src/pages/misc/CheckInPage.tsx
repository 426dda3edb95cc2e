import HowToRegRounded from '@mui/icons-material/HowToRegRounded';
import { BareFrame } from './BareFrame';

export default function CheckInPage() {
  return (
    <BareFrame title="Check-In" icon={<HowToRegRounded />} line="Kiosk check-in for today’s classes is coming soon. Please check in at the front desk for now." />
  );
}
