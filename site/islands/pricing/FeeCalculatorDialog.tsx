import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';

// Placeholder until the dialog's content lands (same issue); replaced wholesale.
export default function FeeCalculatorDialog({ open, onOpenChange }: HostedDialogProps) {
  return (
    <InfoDialog open={open} onOpenChange={onOpenChange} title="FeeCalculatorDialog" closeLabel="Close">
      <p>FeeCalculatorDialog</p>
    </InfoDialog>
  );
}
