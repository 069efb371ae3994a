import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';

// Placeholder until the dialog's content lands (same issue); replaced wholesale.
export default function QualityEvaluationDialog({ open, onOpenChange }: HostedDialogProps) {
  return (
    <InfoDialog open={open} onOpenChange={onOpenChange} title="QualityEvaluationDialog" closeLabel="Close">
      <p>QualityEvaluationDialog</p>
    </InfoDialog>
  );
}
