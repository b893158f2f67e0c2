// Package seed fills a fresh local cloud with demo profiles, two of each identity, so a
// newcomer meets a populated Zuum. It only adds what is missing, so it runs at every start.
package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"zuum/shared/credential"
	"zuum/shared/failure"
	"zuum/shared/profile"
)

// Password is every demo account's password (README lists the logins).
const Password = "zuumdemo123"

// Demo is one demo account.
type Demo struct {
	Username, FirstName, LastName, Email, Bio string
	Identity                                  profile.Identity
}

// Demos are the demo accounts.
var Demos = []Demo{
	{"ada_sings", "Ada", "Okonkwo", "ada@demo.zuum.ng", "Afro-soul singer from Enugu. New single every month.", profile.Artist},
	{"tunde_flows", "Tunde", "Adeyemi", "tunde@demo.zuum.ng", "Lagos rapper. Street stories over heavy drums.", profile.Artist},
	{"kel_on_the_beat", "Kelechi", "Nwosu", "kelechi@demo.zuum.ng", "Amapiano and afrobeats producer. Beats for sale.", profile.Producer},
	{"zara_keys", "Zara", "Bello", "zara@demo.zuum.ng", "Producer and pianist from Kano. Highlife meets house.", profile.Producer},
	{"eko_sound", "Eko", "Sound", "label@demo.zuum.ng", "Eko Sound Records: independent label signing new voices.", profile.RecordLabel},
	{"naija_wave", "Naija", "Wave", "wave@demo.zuum.ng", "Naija Wave Music: distribution and artist development.", profile.RecordLabel},
}

// Apply creates the demo accounts (Demos, then the Listeners) that do not exist yet, verified,
// with Password hashed at cost (the cloud's BCRYPT_COST; 0 means the default), as the account
// service hashes a new user's.
func Apply(ctx context.Context, profiles *profile.Store, cost int) (created int, err error) {
	hash, err := credential.HashPassword(Password, cost)
	if err != nil {
		return 0, err
	}
	all := append(append([]Demo{}, Demos...), Listeners...)
	for i, d := range all {
		_, err := profiles.AccountByEmail(ctx, d.Email)
		if err == nil {
			continue
		}
		if !failure.Is(err, failure.NotFound) {
			return created, err
		}
		a := profile.Account{
			Profile: profile.Profile{
				ID: uuid.NewString(), Username: d.Username, Identity: d.Identity, FirstName: d.FirstName,
				LastName: d.LastName, Email: d.Email, Phone: fmt.Sprintf("080300000%02d", i), Bio: d.Bio,
				CreatedAt: time.Now().Add(-time.Duration(len(all)-i) * 24 * time.Hour),
			},
			PasswordHash: hash, Verified: true,
		}
		if err := profiles.Create(ctx, a); err != nil {
			return created, fmt.Errorf("seed %s: %w", d.Username, err)
		}
		created++
	}
	return created, nil
}
