import Button, { type ButtonProps } from '@mui/material/Button';

/**
 * A button that opens the file picker: `onFiles` gets what was chosen. The input is emptied after each choice, so
 * choosing the same file again (after fixing it, or after a refusal) is a choice too.
 */
export function FileButton({
  accept,
  multiple = false,
  inputLabel,
  inputTestId,
  onFiles,
  children,
  ...button
}: Omit<ButtonProps<'label'>, 'component' | 'onChange'> & {
  accept: string;
  multiple?: boolean;
  /** The input's own name for screen readers and tests, where the button's text does not say what is chosen. */
  inputLabel?: string;
  inputTestId?: string;
  onFiles: (files: File[]) => void;
}) {
  return (
    <Button component="label" {...button}>
      {children}
      <input
        hidden
        type="file"
        accept={accept}
        multiple={multiple}
        aria-label={inputLabel}
        data-testid={inputTestId}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </Button>
  );
}
