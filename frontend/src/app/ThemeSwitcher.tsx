import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme, type Theme } from '../lib/theme';
import { buttonVariants } from '../ui/Button';
import { Menu, MenuItem } from '../ui/Menu';

const options: { value: Theme; label: string; Icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];

/** Light / Dark / System, persisted under 'fundflow-theme'. */
export function ThemeSwitcher() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  const Icon = resolvedTheme === 'dark' ? Moon : Sun;
  return (
    <Menu
      label="Theme"
      trigger={(p) => (
        <button
          {...p}
          type="button"
          aria-label={`Theme: ${options.find((o) => o.value === theme)?.label ?? ''}`}
          title="Change theme"
          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        >
          <Icon className="size-[1.15rem]" aria-hidden="true" />
        </button>
      )}
    >
      {options.map(({ value, label, Icon: ItemIcon }) => (
        <MenuItem key={value} icon={<ItemIcon />} checked={theme === value} onSelect={() => setTheme(value)}>
          {label}
        </MenuItem>
      ))}
    </Menu>
  );
}
