import { Search } from 'lucide-react';
import { Input } from '../../ui/Input';

/** A catalog's search box: typing edits a draft, Enter runs the search (spec §4). */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  onEnter,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onEnter: () => void;
  className: string;
}) {
  return (
    <div className={className}>
      <Search className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden="true" />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onEnter();
        }}
        className="pl-9"
      />
    </div>
  );
}
