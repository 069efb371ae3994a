import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';

// Placeholder until the dialog's content lands (same issue); replaced wholesale.
export default function FaqDialog({ open, onOpenChange }: HostedDialogProps) {
  return (
    <InfoDialog open={open} onOpenChange={onOpenChange} title="FaqDialog" closeLabel="Close">
      <p>FaqDialog</p>
    </InfoDialog>
  );
}
