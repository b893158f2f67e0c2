package payment

import (
	"zuum/shared/money"
	"zuum/shared/terms"
)

// Plan is the monthly subscription an identity is offered (spec part 2 §6 and §9).
type Plan struct {
	Name        string
	Amount      money.Money
	Description string
	Features    []string
}

// Frequency is how often a plan is paid.
const Frequency = "monthly"

// baseFeatures are every plan's (spec part 2 §9).
var baseFeatures = []string{"Unlimited searches", "Priority support"}

// plans are the names and identity features per identity (their monthly prices are
// terms.Subscription's, by the same keys); label owner and record_label are one identity.
var plans = map[string]Plan{
	"artist": {Name: "Artist Premium",
		Description: "Everything an artist needs to grow: unlimited uploads, analytics and faster releases.",
		Features:    []string{"Unlimited track uploads", "Analytics", "Priority release processing"}},
	"producer": {Name: "Producer Premium",
		Description: "Sell and license more beats, with the numbers behind them.",
		Features:    []string{"Unlimited beat uploads", "Licensing management", "Analytics"}},
	"record_label": {Name: "Label Owner Premium",
		Description: "Run your roster: multiple artists, royalties and releases in one place.",
		Features:    []string{"Multiple artists", "Royalty tools", "Analytics", "Priority release processing"}},
	"dev": {Name: "Dev Premium",
		Description: "The whole platform at a developer's price, to try every premium feature.",
		Features:    []string{"Unlimited track uploads", "Unlimited beat uploads", "Analytics", "Licensing management"}},
}

// PlanFor is the plan offered to identity; an identity without one of its own gets the
// artist's price under the plain name "Premium".
func PlanFor(identity string) Plan {
	key := identity
	if identity == "label owner" || identity == "label_owner" {
		key = "record_label"
	}
	p, ok := plans[key]
	if !ok {
		key = "artist"
		p = plans[key]
		p.Name = "Premium"
	}
	p.Amount = terms.Subscription[key]
	p.Features = append(append([]string{}, baseFeatures...), p.Features...)
	return p
}
