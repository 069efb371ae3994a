import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';

// Placeholder until the dialog's content lands (same issue); replaced wholesale.
export default function ArbitrationDialog({ open, onOpenChange }: HostedDialogProps) {
  return (
    <InfoDialog open={open} onOpenChange={onOpenChange} title="ArbitrationDialog" closeLabel="Close">
      <p>ArbitrationDialog</p>
    </InfoDialog>
  );
}
