import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';

// Placeholder until the dialog's content lands (same issue); replaced wholesale.
export default function BarterDialog({ open, onOpenChange }: HostedDialogProps) {
  return (
    <InfoDialog open={open} onOpenChange={onOpenChange} title="BarterDialog" closeLabel="Close">
      <p>BarterDialog</p>
    </InfoDialog>
  );
}
