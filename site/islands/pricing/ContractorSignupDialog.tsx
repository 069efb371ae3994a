import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';

// Placeholder until the dialog's content lands (same issue); replaced wholesale.
export default function ContractorSignupDialog({ open, onOpenChange }: HostedDialogProps) {
  return (
    <InfoDialog open={open} onOpenChange={onOpenChange} title="ContractorSignupDialog" closeLabel="Close">
      <p>ContractorSignupDialog</p>
    </InfoDialog>
  );
}
