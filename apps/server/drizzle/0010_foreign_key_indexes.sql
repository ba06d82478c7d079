CREATE INDEX "subscriptions_payment_account_idx" ON "subscriptions" USING btree ("payment_account_id");--> statement-breakpoint
CREATE INDEX "savings_ledger_subscription_idx" ON "savings_ledger" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "reward_ledger_subscription_idx" ON "reward_ledger" USING btree ("subscription_id");