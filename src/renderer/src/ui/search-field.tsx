import { Icon } from './icons';

/**
 * The sidebar's search box (Threads and History): a labelled search input where Esc clears the text — handled
 * here so it does not also stop a running turn.
 */
export function SearchField(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <label className="search">
      <Icon name="search" size={14} />
      <span className="visually-hidden">{props.label}</span>
      <input
        type="search"
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          props.onChange('');
        }}
        data-testid={props.testId}
      />
    </label>
  );
}
