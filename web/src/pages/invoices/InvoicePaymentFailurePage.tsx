import { InvoicePaymentResultPage } from './InvoicePaymentResultPage';

export default function InvoicePaymentFailurePage() {
  return <InvoicePaymentResultPage outcome="failure" />;
}
