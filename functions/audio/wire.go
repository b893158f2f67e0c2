// Package audio is the /api/audio route group: the posts route set (functions/posts) for audio
// posts.
package audio

import (
	"zuum/functions/posts"
	"zuum/functions/wire/queue"
)

// FromEnv builds the route group from its environment (see posts.Group).
var FromEnv = posts.Group(posts.Audio, queue.Jobs)
