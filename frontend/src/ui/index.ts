// The UI kit. Import from '../ui' (or the relative depth you need).
export { Badge } from './Badge';
export { Button, buttonVariants, type ButtonSize, type ButtonVariant } from './Button';
export { Card, CardContent, CardDescription, CardHeader, CardTitle } from './Card';
export { MiniChart } from './Chart';
export { Checkbox } from './Checkbox';
export { Dialog } from './Dialog';
export { EmptyState } from './EmptyState';
export { Field, Label } from './Field';
export { Input } from './Input';
export { LoadFailed } from './LoadFailed';
export { Select } from './Select';
export { Skeleton } from './Skeleton';
export { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './Table';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';
export { Textarea } from './Textarea';
export { toast } from './toast';
export { PageHeader } from './PageHeader';
