-- Which user a payment provider's subscription pays for (projection of CreditsPurchased): a yearly
-- renewal's invoice carries the subscription, not the user reference of the first checkout.
create table credit_subscriptions (
  subscription_id text primary key,
  user_id text not null,
  product_id text not null
);
create index credit_subscriptions_user on credit_subscriptions (user_id);
