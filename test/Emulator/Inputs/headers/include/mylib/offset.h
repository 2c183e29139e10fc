// Found through -I (an angle include, as MLX's "mlx/backend/metal/...").
#pragma once
constant constexpr float kOffset = 0.5f;
