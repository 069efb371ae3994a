import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';

// Placeholder until the dialog's content lands (same issue); replaced wholesale.
export default function UpdatesDialog({ open, onOpenChange }: HostedDialogProps) {
  return (
    <InfoDialog open={open} onOpenChange={onOpenChange} title="UpdatesDialog" closeLabel="Close">
      <p>UpdatesDialog</p>
    </InfoDialog>
  );
}
